import * as icons from '#app/components/ui/icons.tsx'

type IconName = Exclude<keyof typeof icons, 'default'>

/**
 * What each icon of icons.tsx is for. A Record over the module's names: an icon added there without a
 * use here, or a use left here for an icon that is gone, does not compile.
 */
const USES: Record<IconName, string> = {
	ArrowLeft: 'Back link',
	Menu: 'Open the menu',
	X: 'Close the menu or the tour',
	Bell: 'Notifications in the header',
	BellOff: 'No notifications yet',
	CircleCheck: 'Status: done',
	Clock: 'Status: waiting',
	CircleAlert: 'Status: went wrong',
	CircleMinus: 'Status: over or stopped',
	LoaderCircle: 'Status: under way',
	ShieldCheck: 'No cover yet',
	ReceiptText: 'No transactions yet',
	SearchX: 'Nothing matches the filters',
	MailCheck: 'No invitations waiting',
	History: 'No activity yet',
	FileText: 'No claims yet',
	Users: 'No staff yet',
	Gift: 'Rewards and referrals',
	Copy: 'Copy the referral link',
	Check: 'Copied',
	ChevronDown: 'A part closed until asked for (turns when open)',
}

/**
 * The portal's icon set, shown at /icons: every lucide icon the portal draws (icons.tsx), in the order
 * above. A test (icon-set.test.ts) fails when icons.tsx draws one no screen imports.
 */
export const ICONS = (Object.keys(USES) as IconName[]).map((name) => ({
	name,
	// biome-ignore lint/performance/noDynamicNamespaceImportAccess: the gallery shows every icon, and icons.tsx is one module
	Icon: icons[name],
	use: USES[name],
}))
