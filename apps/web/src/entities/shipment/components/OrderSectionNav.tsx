import type { MouseEvent, ReactNode } from "react";
import { Box, Link, Typography } from "@mui/material";
import type { Shipment } from "../api/types";

/** A part of an order page one can jump to. */
export interface OrderSection {
  id: string;
  label: string;
}

/** Where a jump lands: below the app bar and the sticky section links. */
export const SECTION_SCROLL_MARGIN = { xs: 120, sm: 128 } as const;

/** Wraps a part of an order page so the section links can jump to it. */
export function OrderSectionAnchor({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Box id={id} sx={{ scrollMarginTop: SECTION_SCROLL_MARGIN }}>
      {children}
    </Box>
  );
}

const jump = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  target.scrollIntoView({ block: "start" });
  window.history.replaceState(window.history.state, "", `#${id}`);
};

/**
 * The order page's parts as a compact row of links under the app bar (it stays there while the
 * page scrolls, on two lines on a phone if need be), so documents, charges or chat are one tap
 * away however long the page is.
 */
export function OrderSectionNav({ sections }: { sections: readonly OrderSection[] }) {
  return (
    <Box
      component="nav"
      aria-label="On this page"
      sx={{
        position: "sticky",
        top: { xs: 60, sm: 64 },
        zIndex: (theme) => theme.zIndex.appBar - 1,
        bgcolor: "background.default",
        mx: { xs: -2, sm: 0 },
        px: { xs: 2, sm: 0 },
        py: 1,
        display: "flex",
        flexWrap: "wrap",
        columnGap: 2,
        rowGap: 0.25,
        whiteSpace: "nowrap",
        borderBottom: 1,
        borderColor: "divider",
      }}
    >
      {sections.map((section) => (
        <Link
          key={section.id}
          href={`#${section.id}`}
          onClick={(event) => jump(event, section.id)}
          underline="hover"
          sx={{ fontWeight: 600, fontSize: 14, py: 0.5 }}
        >
          {section.label}
        </Link>
      ))}
    </Box>
  );
}

/** What happens next on the order, for the side reading it. */
export function nextStepOf(shipment: Shipment, side: "seller" | "agent"): string {
  switch (shipment.status) {
    case "Shipment Pending":
    case "Quotation Received":
      if (side === "agent") return "Place your bid before the bidding window closes.";
      return shipment.is_bidding_open
        ? "Agents are bidding; bids stay sealed until the window closes."
        : "The winning bid is being chosen.";
    case "Quotation Approved":
      return side === "seller"
        ? "Accept or decline the winning estimate."
        : "Waiting for the seller to accept your quotation.";
    case "Quotation Accepted":
      return side === "seller"
        ? "Follow the destinations, upload the documents the agent asks for and chat with the agent."
        : "Keep the destinations up to date, add the final amount and tracking number, then complete the order.";
    case "Shipment Completed":
      return side === "seller" ? "Delivered: rate the agent." : "Order completed.";
    case "Shipment Cancelled":
      return "This shipment was cancelled.";
    default:
      return "";
  }
}

/** The order summary's "Next" line. */
export function NextStep({ shipment, side }: { shipment: Shipment; side: "seller" | "agent" }) {
  const text = nextStepOf(shipment, side);
  if (!text) return null;
  return (
    <Typography variant="body2" data-testid="order-next-step" sx={{ mt: 1 }}>
      <Box component="span" sx={{ fontWeight: 600 }}>
        Next:
      </Box>{" "}
      {text}
    </Typography>
  );
}
