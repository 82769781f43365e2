CREATE TABLE "recovery_failures" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL
);
