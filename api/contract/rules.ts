// Rules the browser shows as hints: kept free of zod, so showing them costs no JavaScript.
export const PASSWORD_RULE = 'Use at least 8 characters, with a letter and a number.'
