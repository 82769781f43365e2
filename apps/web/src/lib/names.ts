interface PersonName {
  first_name?: string | null;
  last_name?: string | null;
}

/** "First Last", without the blanks of a missing part. */
export function fullName(person: PersonName | null | undefined): string {
  if (!person) return "";
  return [person.first_name?.trim(), person.last_name?.trim()].filter(Boolean).join(" ");
}

/** The first letters of the first and last name, upper case; "?" when there are none. */
export function initials(person: PersonName | null | undefined): string {
  if (!person) return "?";
  const letters = `${person.first_name?.trim()[0] ?? ""}${person.last_name?.trim()[0] ?? ""}`;
  return letters.toUpperCase() || "?";
}
