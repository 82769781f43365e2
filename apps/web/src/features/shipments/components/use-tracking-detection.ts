import { useEffect, useMemo, useState } from "react";
import type { TrackingDetection } from "@fba/contract/tracking";

type TrackingModule = typeof import("@fba/contract/tracking");

// The carrier formats are a library of their own: loaded when a dialog first needs them.
let loading: Promise<TrackingModule> | undefined;

/** The carrier the typed tracking number belongs to; undefined until the formats are loaded. */
export function useTrackingDetection(trackingNumber: string): TrackingDetection | undefined {
  const [tracking, setTracking] = useState<TrackingModule>();
  useEffect(() => {
    let active = true;
    loading ??= import("@fba/contract/tracking");
    loading
      .then((module) => {
        if (active) setTracking(module);
      })
      .catch(() => {
        // Without the formats the server still detects the carrier; the dialog offers the list.
        loading = undefined;
      });
    return () => {
      active = false;
    };
  }, []);
  return useMemo(() => tracking?.detectTrackingCarrier(trackingNumber), [tracking, trackingNumber]);
}
