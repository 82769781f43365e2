import { useEffect, useState } from "react";
import type { PublicSettings, SuccessEnvelope } from "@fba/contract";
import {
  BID_WINDOW_HOURS_DEFAULT,
  bidWindowAdjective,
  bidWindowDuration,
} from "@fba/contract/constants";
import { api } from "./api-client";

/**
 * How long agents bid on a new shipment, as the server is configured (BID_WINDOW_HOURS): asked
 * once per page load. Until it answers, or when it cannot, the texts say the default 72 hours.
 */
let knownHours: number | undefined;
let asking: Promise<number> | undefined;

export function loadBidWindowHours(): Promise<number> {
  asking ??= api.get<SuccessEnvelope<Partial<PublicSettings>>>("settings/").then(
    (res) => {
      const hours = res.data?.bid_window_hours;
      // An answer without a window (an older server) keeps the default.
      knownHours = typeof hours === "number" && hours > 0 ? hours : BID_WINDOW_HOURS_DEFAULT;
      return knownHours;
    },
    () => {
      // Asked again by the next screen that needs it.
      asking = undefined;
      return knownHours ?? BID_WINDOW_HOURS_DEFAULT;
    },
  );
  return asking;
}

/** The configured bid window in hours, the default until the server said otherwise. */
export function useBidWindowHours(): number {
  const [hours, setHours] = useState(knownHours ?? BID_WINDOW_HOURS_DEFAULT);
  useEffect(() => {
    let isCurrent = true;
    void loadBidWindowHours().then((value) => {
      if (isCurrent) setHours(value);
    });
    return () => {
      isCurrent = false;
    };
  }, []);
  return hours;
}

export type BidWindowForm = "duration" | "adjective";

/**
 * "72 hours" or "72-hour" for the window given; in Chinese "72 小时" either way (no plural, no
 * hyphen). Kept out of the translation catalogs: the prerendered landing page's small script
 * rewrites these texts without loading the i18n library.
 */
export function bidWindowText(hours: number, form: BidWindowForm, locale = "en"): string {
  if (locale === "zh-CN") return `${hours} 小时`;
  return form === "adjective" ? bidWindowAdjective(hours) : bidWindowDuration(hours);
}

/**
 * The prerendered landing page is not hydrated: its `[data-bid-window]` texts, rendered with the
 * default window at build time, are rewritten once the server says its window.
 */
export async function showConfiguredBidWindow(root: ParentNode = document): Promise<void> {
  const hours = await loadBidWindowHours();
  for (const element of root.querySelectorAll<HTMLElement>("[data-bid-window]")) {
    const form: BidWindowForm =
      element.dataset.bidWindow === "adjective" ? "adjective" : "duration";
    element.textContent = bidWindowText(hours, form, document.documentElement.lang);
  }
}
