/** Where the account draft lives in local storage (spec section 4); its own module so the form's hook stays small. */
export const DRAFT_KEY = 'account_draft'
