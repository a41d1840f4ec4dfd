// The audit trail: who changed what in the back office (activity.ts writes an entry in the change's own
// transaction; activity-log.ts reads, exports and prunes them).
export * from "./activity.js";
export * from "./activity-log.js";
