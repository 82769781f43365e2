export * from "./users.js";
export * from "./shipments.js";
export * from "./samples.js";
