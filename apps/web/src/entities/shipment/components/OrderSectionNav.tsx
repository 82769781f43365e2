import { useEffect, type MouseEvent, type ReactNode } from "react";
import { Box, Link, Typography } from "@mui/material";
import type { Shipment } from "../api/types";
import { useShipmentsT } from "../i18n";
import { useEntitiesTranslate, type EntitiesTranslate } from "../../../i18n/entities";
import { documentTypeList } from "../../../i18n/document-types";

/** A part of an order page one can jump to. */
export interface OrderSection {
  id: string;
  label: string;
}

/**
 * The element at the end of the section links where the order's chat puts its "Chat" button on
 * screens that stack the chat under the order (OrderChatLayout): in the sticky bar the content
 * scrolls under, the button never covers any of it.
 */
export const ORDER_NAV_ACTIONS_ID = "order-nav-actions";

/** Marks the chat's button in the bar, which then stands for the bar's own "Chat" link. */
export const CHAT_JUMP_ATTRIBUTE = "data-chat-jump";

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

/** How long a jump follows its section once it is there, while panels above it may still grow. */
export const JUMP_SETTLE_MS = 2000;
/** How long a jump waits for its section to appear (its panel's code may still be loading). */
export const JUMP_WAIT_MS = 10_000;

/**
 * Brings a section to the top, and keeps it there while the page's height changes: a section
 * whose panel is still loading is jumped to when it appears, and one pushed down by a panel above
 * it filling in is followed. Until the page has settled or the reader scrolls, types, clicks or
 * touches the screen themselves.
 */
function jumpTo(id: string) {
  let found = false;
  const land = () => {
    const target = document.getElementById(id);
    if (!target) return;
    target.scrollIntoView({ block: "start" });
    if (!found) {
      found = true;
      window.clearTimeout(timer);
      timer = window.setTimeout(stop, JUMP_SETTLE_MS);
    }
  };
  const readerMoves = ["wheel", "touchstart", "keydown", "pointerdown"] as const;
  const observer = typeof ResizeObserver === "undefined" ? undefined : new ResizeObserver(land);
  const stop = () => {
    observer?.disconnect();
    window.clearTimeout(timer);
    for (const name of readerMoves) window.removeEventListener(name, stop);
  };
  let timer = window.setTimeout(stop, JUMP_WAIT_MS);
  land();
  if (!observer) return stop();
  for (const name of readerMoves) window.addEventListener(name, stop, { passive: true });
  observer.observe(document.body);
}

const jump = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
  event.preventDefault();
  window.history.replaceState(window.history.state, "", `#${id}`);
  jumpTo(id);
};

/**
 * The order page's parts as a compact row of links under the app bar (it stays there while the
 * page scrolls, on two lines on a phone if need be), so documents, charges or chat are one tap
 * away however long the page is.
 */
export function OrderSectionNav({ sections }: { sections: readonly OrderSection[] }) {
  const { t } = useShipmentsT();
  // An address naming a section (a shared link, or a link followed before the app had loaded)
  // lands there once the section has appeared. (Read in an effect: the server renders this too.)
  const ids = sections.map((section) => section.id).join(" ");
  useEffect(() => {
    const named = window.location.hash.slice(1);
    if (named && ids.split(" ").includes(named)) jumpTo(named);
  }, [ids]);
  return (
    <Box
      component="nav"
      aria-label={t("page.onThisPage")}
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
        alignItems: "center",
        whiteSpace: "nowrap",
        borderBottom: 1,
        borderColor: "divider",
        [`&:has([${CHAT_JUMP_ATTRIBUTE}]) > [data-section="chat"]`]: { display: "none" },
      }}
    >
      {sections.map((section) => (
        <Link
          key={section.id}
          data-section={section.id}
          href={`#${section.id}`}
          onClick={(event) => jump(event, section.id)}
          underline="hover"
          sx={{ fontWeight: 600, fontSize: 14, py: 0.5 }}
        >
          {section.label}
        </Link>
      ))}
      <Box
        id={ORDER_NAV_ACTIONS_ID}
        sx={{ ml: "auto", display: "flex", "&:empty": { display: "none" } }}
      />
    </Box>
  );
}

/** "a", "a and b", "a, b and c". */
function listed(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

const isBlank = (value: string | null | undefined) => !value || value.trim() === "";

/** The destinations not delivered yet, as the order's delivery summary counts them. */
function undeliveredOf(shipment: Shipment): { count: number; of: number } | null {
  const delivery = shipment.delivery;
  if (!delivery || delivery.legs === 0 || delivery.delivered >= delivery.legs) return null;
  return { count: delivery.legs - delivery.delivered, of: delivery.legs };
}

/** The seller of an order under way: the documents the agent still needs come first. */
function sellerOrderStep(shipment: Shipment): string {
  const documents = shipment.documents_missing ?? [];
  if (documents.length > 0) {
    return `Upload what the agent still needs: ${listed(documents)}. Then follow the destinations and chat with the agent.`;
  }
  return "The agent has every document it needs: follow the destinations and chat with the agent.";
}

/** The winning agent of an order under way: what is still missing before it can complete. */
function agentOrderStep(shipment: Shipment): string {
  const missing: string[] = [];
  const undelivered = undeliveredOf(shipment);
  if (undelivered) {
    const { count, of } = undelivered;
    missing.push(
      count < of
        ? `delivery to ${count} of ${of} destinations`
        : of === 1
          ? "delivery to the destination"
          : `delivery to all ${of} destinations`,
    );
  }
  if (isBlank(shipment.tracking_number)) missing.push("the tracking number");
  if (isBlank(shipment.final_amount)) missing.push("the final amount");
  const documents = shipment.documents_missing ?? [];
  const waiting =
    documents.length > 0 ? ` The seller has not uploaded ${listed(documents)} yet.` : "";
  if (missing.length === 0) return `Everything is in: complete the order.${waiting}`;
  return `Still missing: ${listed(missing)}; then complete the order.${waiting}`;
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
      return side === "seller" ? sellerOrderStep(shipment) : agentOrderStep(shipment);
    case "Shipment Completed":
      return side === "seller" ? "Delivered: rate the agent." : "Order completed.";
    case "Shipment Cancelled":
      return "This shipment was cancelled.";
    default:
      return "";
  }
}

/** The seller's "Next" line in the language shown (the same words as `nextStepOf` in English). */
function sellerNextStep(
  shipment: Shipment,
  t: ReturnType<typeof useShipmentsT>["t"],
  language: string,
  entitiesT: EntitiesTranslate,
): string {
  switch (shipment.status) {
    case "Shipment Pending":
    case "Quotation Received":
      return shipment.is_bidding_open ? t("next.sellerBidding") : t("next.choosing");
    case "Quotation Approved":
      return t("next.sellerApproved");
    case "Quotation Accepted": {
      const documents = shipment.documents_missing ?? [];
      if (documents.length === 0) return t("next.sellerReady");
      const names = language === "en" ? listed(documents) : documentTypeList(entitiesT, documents);
      return t("next.sellerDocuments", { documents: names });
    }
    case "Shipment Completed":
      return t("next.sellerCompleted");
    case "Shipment Cancelled":
      return t("next.cancelled");
    default:
      return "";
  }
}

/** The agent's "Next" line in another language than English (`nextStepOf` words it in English). */
function agentNextStep(
  shipment: Shipment,
  t: ReturnType<typeof useShipmentsT>["t"],
  entitiesT: EntitiesTranslate,
): string {
  switch (shipment.status) {
    case "Shipment Pending":
    case "Quotation Received":
      return t("next.agentBidding");
    case "Quotation Approved":
      return t("next.agentWaiting");
    case "Quotation Accepted": {
      const missing: string[] = [];
      const undelivered = undeliveredOf(shipment);
      if (undelivered) {
        const { count, of } = undelivered;
        missing.push(
          count < of
            ? t("next.missingSome", { count, of })
            : of === 1
              ? t("next.missingOne")
              : t("next.missingAll", { of }),
        );
      }
      if (isBlank(shipment.tracking_number)) missing.push(t("next.missingTracking"));
      if (isBlank(shipment.final_amount)) missing.push(t("next.missingFinalAmount"));
      const documents = shipment.documents_missing ?? [];
      const waiting =
        documents.length > 0
          ? t("next.agentDocuments", { documents: documentTypeList(entitiesT, documents) })
          : "";
      return missing.length === 0
        ? t("next.agentReady", { waiting })
        : t("next.agentMissing", { missing: missing.join("、"), waiting });
    }
    case "Shipment Completed":
      return t("next.agentCompleted");
    case "Shipment Cancelled":
      return t("next.cancelled");
    default:
      return "";
  }
}

/** The order summary's "Next" line. */
export function NextStep({ shipment, side }: { shipment: Shipment; side: "seller" | "agent" }) {
  const { t, i18n } = useShipmentsT();
  const entitiesT = useEntitiesTranslate();
  const text =
    side === "seller"
      ? sellerNextStep(shipment, t, i18n.language, entitiesT)
      : i18n.language === "en"
        ? nextStepOf(shipment, side)
        : agentNextStep(shipment, t, entitiesT);
  if (!text) return null;
  return (
    <Typography variant="body2" data-testid="order-next-step" sx={{ mt: 1 }}>
      <Box component="span" sx={{ fontWeight: 600 }}>
        {t("page.next")}
      </Box>{" "}
      {text}
    </Typography>
  );
}
