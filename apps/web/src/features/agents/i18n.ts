import agents from "../../locales/en/agents.json";
import { namespace } from "../../i18n/i18n";

/** An agent's profile as sellers and admins read it: its record and its ratings. */
export const useAgentsT = namespace("agents", agents);
