import { useEffect } from "react";
import type { SuccessEnvelope, User } from "@fba/contract";
import { apiRequest } from "../lib/api-client";
import { authStorage } from "../lib/auth-storage";
import { updateStoredUser, useCurrentUser } from "../lib/session";
import { changeLocale, currentLocale } from "./i18n";
import { isLocale, type Locale } from "./locale";

/**
 * The signed-in account's language wins over this device's: applied at login, when `me` is read
 * again, and when another tab changes it.
 */
export function useAccountLocale(): void {
  const locale = useCurrentUser()?.locale;
  useEffect(() => {
    if (isLocale(locale) && locale !== currentLocale()) void changeLocale(locale);
  }, [locale]);
}

/**
 * The switch: shows the app in `locale` at once, and when someone is signed in stores it on the
 * account (JSON alias of update-profile, with only this field) so it follows them to any device.
 */
export async function chooseLocale(locale: Locale): Promise<void> {
  await changeLocale(locale);
  const user = authStorage.getUser();
  if (!user || !authStorage.getAccessToken() || user.locale === locale) return;
  try {
    const res = await apiRequest<SuccessEnvelope<User>>("auth/update-profile/", {
      method: "PATCH",
      body: { locale },
    });
    if (res.data) updateStoredUser({ ...user, locale: res.data.locale ?? locale });
  } catch {
    // Kept on this device; the account keeps its earlier choice until the next switch.
  }
}
