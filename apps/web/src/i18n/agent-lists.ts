import agentLists from "../locales/en/agentLists.json";
import { namespace } from "./i18n";

/** The agent's order lists and the bids waiting for the seller (beside the lists' shared texts). */
export const useAgentListsT = namespace("agentLists", agentLists);
