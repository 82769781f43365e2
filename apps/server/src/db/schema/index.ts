export * from "./users.js";
export * from "./shipments.js";
export * from "./samples.js";
export * from "./chat.js";
export * from "./notifications.js";
export * from "./announcements.js";
export * from "./idempotency.js";
export * from "./orders.js";
