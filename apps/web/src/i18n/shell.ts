import shell from "../locales/en/shell.json";
import { namespace } from "./i18n";

/** The signed-in shell: header, sidebar, account menu, notifications. */
export const useShellT = namespace("shell", shell);
