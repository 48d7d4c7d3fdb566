import {
	ArrowLeft,
	Bell,
	BellOff,
	Check,
	CircleAlert,
	CircleCheck,
	CircleMinus,
	Clock,
	Copy,
	FileText,
	Gift,
	History,
	LoaderCircle,
	MailCheck,
	Menu,
	ReceiptText,
	SearchX,
	ShieldCheck,
	Users,
	X,
} from '#app/components/ui/icons.tsx'

/**
 * The portal's icon set, shown at /icons: every lucide icon the portal draws (icons.tsx), each by name so
 * only these are bundled. A test (icon-set.test.ts) fails when a screen imports one not listed here.
 */
export const ICONS = [
	{ name: 'ArrowLeft', Icon: ArrowLeft, use: 'Back link' },
	{ name: 'Menu', Icon: Menu, use: 'Open the menu' },
	{ name: 'X', Icon: X, use: 'Close the menu or the tour' },
	{ name: 'Bell', Icon: Bell, use: 'Notifications in the header' },
	{ name: 'BellOff', Icon: BellOff, use: 'No notifications yet' },
	{ name: 'CircleCheck', Icon: CircleCheck, use: 'Status: done' },
	{ name: 'Clock', Icon: Clock, use: 'Status: waiting' },
	{ name: 'CircleAlert', Icon: CircleAlert, use: 'Status: went wrong' },
	{ name: 'CircleMinus', Icon: CircleMinus, use: 'Status: over or stopped' },
	{ name: 'LoaderCircle', Icon: LoaderCircle, use: 'Status: under way' },
	{ name: 'ShieldCheck', Icon: ShieldCheck, use: 'No cover yet' },
	{ name: 'ReceiptText', Icon: ReceiptText, use: 'No transactions yet' },
	{ name: 'SearchX', Icon: SearchX, use: 'Nothing matches the filters' },
	{ name: 'MailCheck', Icon: MailCheck, use: 'No invitations waiting' },
	{ name: 'History', Icon: History, use: 'No activity yet' },
	{ name: 'FileText', Icon: FileText, use: 'No claims yet' },
	{ name: 'Users', Icon: Users, use: 'No staff yet' },
	{ name: 'Gift', Icon: Gift, use: 'Rewards and referrals' },
	{ name: 'Copy', Icon: Copy, use: 'Copy the referral link' },
	{ name: 'Check', Icon: Check, use: 'Copied' },
] as const
