CREATE TABLE "cac_registry" (
	"registration_number" text PRIMARY KEY NOT NULL,
	"business_type" text NOT NULL,
	"name" text NOT NULL
);
