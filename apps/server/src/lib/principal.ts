import type { Group } from "@fba/contract";

/** Who is acting: the signed-in user a request or a socket was admitted as. */
export interface AuthUser {
  id: number;
  group: Group;
  firstName: string;
  lastName: string;
  email: string;
}
