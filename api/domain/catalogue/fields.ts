import { PERIOD_LABELS, type Period } from '../../contract/periods.ts'
import {
	BREAKDOWN_CLASSES,
	DECLARED_VALUE,
	GADGET_TYPES,
	GADGET_VALUE,
	LAPTOP_VALUE,
	MEMBERS,
	PACKAGE_CLASSES,
	PLAN_TYPES,
	SHIPMENTS_PER_MONTH,
	TRAVEL_ZONES,
	TRAVELLER_AGE,
	TRIP_DAYS,
	VEHICLE_CLASSES,
	VEHICLE_VALUE,
	type PlanType,
} from '../../contract/quote-options.ts'
import type { Activation, ActivationDocument, FormField } from '../../contract/catalogue.ts'

// The fields of the purchase forms, shared by the products that ask them. Each is a field of the
// product's quote schema in ./quotes.ts, with the same name, bounds and options.

export const vehicleClassField: FormField = {
	name: 'vehicle_class',
	label: 'Class of vehicle',
	kind: 'select',
	options: VEHICLE_CLASSES,
	required: true,
	hint: 'As on the vehicle licence.',
}

export const vehicleValueField: FormField = {
	name: 'vehicle_value',
	label: 'Value of the vehicle',
	kind: 'naira',
	...VEHICLE_VALUE,
	required: true,
	hint: 'What it would cost to buy the same vehicle today, like ₦4,500,000.',
}

export const gadgetTypeField: FormField = {
	name: 'gadget_type',
	label: 'Kind of device',
	kind: 'select',
	options: GADGET_TYPES,
	required: true,
}

export const gadgetValueField: FormField = {
	name: 'device_value',
	label: 'Value of the device',
	kind: 'naira',
	...GADGET_VALUE,
	required: true,
	hint: 'The price on the receipt, like ₦450,000.',
}

export const laptopValueField: FormField = {
	name: 'device_value',
	label: 'Value of the laptop',
	kind: 'naira',
	...LAPTOP_VALUE,
	required: true,
	hint: 'The price on the receipt, like ₦850,000.',
}

export function periodField(periods: readonly Period[]): FormField {
	return {
		name: 'period',
		label: 'Cover period',
		kind: 'select',
		options: periods.map((value) => ({ value, label: PERIOD_LABELS[value] })),
		required: true,
		// Neutral on paying: a policy is paid for the period up front, a business's staff plan monthly in arrears (decision 161).
		hint: 'How long each period of cover runs before it is renewed.',
	}
}

export const destinationZoneField: FormField = {
	name: 'destination_zone',
	label: 'Where you are going',
	kind: 'select',
	options: TRAVEL_ZONES,
	required: true,
	hint: 'For a trip through several zones, choose the widest.',
}

export const tripDaysField: FormField = {
	name: 'days',
	label: 'Length of the trip, in days',
	kind: 'number',
	...TRIP_DAYS,
	required: true,
	hint: 'Count the day you leave and the day you come back.',
}

export const travellerAgeField: FormField = {
	name: 'age',
	label: "Traveller's age",
	kind: 'number',
	...TRAVELLER_AGE,
	required: true,
	hint: 'Age in years on the day you leave.',
}

export function planTypeField(planTypes: readonly PlanType[]): FormField {
	return {
		name: 'plan_type',
		label: 'Plan type',
		kind: 'select',
		options: PLAN_TYPES.filter((o) => planTypes.includes(o.value)),
		required: true,
	}
}

export const membersField: FormField = {
	name: 'members',
	label: 'People to cover',
	kind: 'number',
	...MEMBERS,
	required: true,
	hint: 'A family plan covers 2 to 6 people: the principal member and up to 5 dependants.',
}

export const breakdownClassField: FormField = {
	name: 'vehicle_class',
	label: 'Kind of vehicle',
	kind: 'select',
	options: BREAKDOWN_CLASSES,
	required: true,
}

export const packageClassField: FormField = {
	name: 'package_class',
	label: 'What you send',
	kind: 'select',
	options: PACKAGE_CLASSES,
	required: true,
}

export const shipmentsField: FormField = {
	name: 'shipments_per_month',
	label: 'Shipments a month',
	kind: 'number',
	...SHIPMENTS_PER_MONTH,
	required: true,
	hint: 'About how many you send in a month.',
}

export const declaredValueField: FormField = {
	name: 'declared_value',
	label: 'Declared value of each shipment',
	kind: 'naira',
	...DECLARED_VALUE,
	required: false,
	hint: 'Only for high-value shipments: what one is worth, like ₦750,000.',
}

const IMAGES_AND_PDF = ['image/jpeg', 'image/png', 'application/pdf'] as const
const IMAGES = ['image/jpeg', 'image/png'] as const

const upload = (name: string, label: string, hint: string, accept: readonly string[] = IMAGES_AND_PDF): ActivationDocument => ({
	name,
	label,
	hint,
	accept,
})

const registrationNumberField: FormField = {
	name: 'registration_number',
	label: 'Registration number',
	kind: 'text',
	required: true,
	hint: 'As on the number plate, like KJA 123 AB.',
}

const makeAndModelField: FormField = {
	name: 'make_and_model',
	label: 'Make and model',
	kind: 'text',
	required: true,
	hint: 'Like Toyota Corolla.',
}

/** Auto: the vehicle's details, its licence and proof of ownership (and, for own-damage cover, an inspection). */
export function autoActivation(inspection: boolean): Activation {
	return {
		fields: [
			registrationNumberField,
			makeAndModelField,
			{ name: 'chassis_number', label: 'Chassis number (VIN)', kind: 'text', required: true, hint: 'Printed on the vehicle licence.' },
		],
		documents: [
			upload('vehicle_licence', 'Vehicle licence', 'A photo or scan of the current vehicle licence.'),
			upload('proof_of_ownership', 'Proof of ownership', 'The certificate of ownership, or the receipt of purchase.'),
		],
		inspection,
	}
}

/** Gadget and laptop: the device's details, its receipt, a photo and proof of ownership. */
export const deviceActivation: Activation = {
	fields: [
		{ name: 'brand_and_model', label: 'Brand and model', kind: 'text', required: true, hint: 'Like Samsung Galaxy A54.' },
		{
			name: 'serial_number',
			label: 'IMEI or serial number',
			kind: 'text',
			required: true,
			hint: 'On a phone, dial *#06# to see the IMEI.',
		},
	],
	documents: [
		upload('receipt', 'Receipt', 'The receipt from the shop, with the date and price.'),
		upload('photo', 'Photo of the device', 'The device switched on, its screen and body in view.', IMAGES),
		upload('proof_of_ownership', 'Proof of ownership', 'The box showing the IMEI or serial number, or a sworn affidavit.'),
	],
	inspection: false,
}

/** Health: each member's date of birth and photo. */
export const healthActivation: Activation = {
	fields: [
		{ name: 'date_of_birth', label: 'Date of birth', kind: 'date', required: true },
		{
			name: 'gender',
			label: 'Gender',
			kind: 'select',
			options: [
				{ value: 'male', label: 'Male' },
				{ value: 'female', label: 'Female' },
			],
			required: true,
		},
		{ name: 'phone', label: 'Phone number', kind: 'phone', required: true, hint: 'For the HMO to reach the member, like 08031234567.' },
		{ name: 'email', label: 'Email address', kind: 'email', required: false, hint: 'For the member to receive their card.' },
	],
	documents: [upload('photo', 'Passport photograph', 'A clear, recent photo of the face on a plain background.', IMAGES)],
	inspection: false,
}

/** Travel: the passport's data page and the trip's start. */
export const travelActivation: Activation = {
	fields: [
		{ name: 'passport_number', label: 'Passport number', kind: 'text', required: true, hint: 'Like A01234567.' },
		{ name: 'departure_date', label: 'Departure date', kind: 'date', required: true },
		{
			name: 'emergency_contact_phone',
			label: 'Emergency contact in Nigeria',
			kind: 'phone',
			required: true,
			hint: 'Someone we can call if you need help, like 08031234567.',
		},
	],
	documents: [upload('passport_data_page', 'Passport data page', 'The page with your photo, name and passport number.')],
	inspection: false,
}

/** Breakdown: the vehicle the roadside team will look for. */
export const breakdownActivation: Activation = {
	fields: [registrationNumberField, makeAndModelField],
	documents: [],
	inspection: false,
}
