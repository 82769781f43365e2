export * from "./users.js";
export * from "./shipments.js";
