/** The seller's dashboard counts shipments and samples: both entities' changes make it stale. */
export const sellerDashboardKey = ["seller-dashboard"] as const;
