// "zod" in the web build (an alias in vite.config.ts): zod, set before any schema is built to
// validate without generating code at run time, which the Content-Security-Policy (no
// 'unsafe-eval') forbids, and without even probing for it. Being the module every schema imports
// zod through, the setting comes with the first screen that validates, and screens that do not
// (the lists) download no zod at all.
import { config } from "zod/v4/core";

config({ jitless: true });

export * from "zod/v4";
