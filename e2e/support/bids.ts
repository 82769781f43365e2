import { expect, type Page } from "@playwright/test";

export interface ServiceDetails {
  /** The label shown in the select ("Sea", "Air express"). */
  type: string;
  min: number;
  max: number;
}

/**
 * Fills what the bid form asks of each offered service (type and transit days) once its amount
 * is typed; the validity keeps its default (14 days after the window's end date).
 */
export async function fillBidDetails(
  page: Page,
  services: { fast?: ServiceDetails; normal?: ServiceDetails },
  inclusions: string[] = ["Main freight"],
) {
  for (const mode of ["fast", "normal"] as const) {
    const details = services[mode];
    if (!details) continue;
    const label = mode === "fast" ? "Fast" : "Normal";
    await page.getByRole("combobox", { name: `${label} service type` }).click();
    await page.getByRole("option", { name: details.type, exact: true }).click();
    await page.getByRole("textbox", { name: `${label} transit min` }).fill(String(details.min));
    await page.getByRole("textbox", { name: `${label} transit max` }).fill(String(details.max));
  }
  for (const inclusion of inclusions) {
    const box = page.getByRole("checkbox", { name: inclusion });
    await box.check();
    await expect(box).toBeChecked();
  }
}

/** Details for a bid sent through the API: sea for normal, air express for fast. */
export function apiBidDetails(
  validUntil: string,
  offered: { fast?: boolean; normal?: boolean } = { normal: true },
) {
  return {
    ...(offered.fast
      ? { fast_service_type: "air_express", fast_transit_min_days: 5, fast_transit_max_days: 7 }
      : {}),
    ...(offered.normal
      ? { normal_service_type: "sea", normal_transit_min_days: 30, normal_transit_max_days: 38 }
      : {}),
    inclusions: ["pickup_origin", "export_customs", "main_freight", "import_customs"],
    valid_until: validUntil,
  };
}
