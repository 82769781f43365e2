import { useQuery } from "@tanstack/react-query";
import { meQueryOptions } from "../../../lib/me";

/** The signed-in user as the server has it now (the stored copy may be older). */
export function useProfile() {
  return useQuery({ ...meQueryOptions(), select: (res) => res.data });
}
