import { useComponentsT } from "./i18n";

/** The texts MUI's Autocomplete shows or says itself (its buttons, its loading line). */
export function useAutocompleteTexts() {
  const { t } = useComponentsT();
  return {
    openText: t("autocomplete.open"),
    closeText: t("autocomplete.close"),
    clearText: t("autocomplete.clear"),
    loadingText: t("autocomplete.loading"),
  };
}
