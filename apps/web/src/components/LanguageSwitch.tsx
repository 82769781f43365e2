import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import TranslateIcon from "@mui/icons-material/Translate";
import { chooseLocale } from "../i18n/account-locale";
import { useCommonT } from "../i18n/namespaces";
import { LOCALE_NAMES, type Locale } from "../i18n/locale";

interface LanguageSwitchProps {
  /** Light text on a dark background. */
  inverted?: boolean;
  /** Without the language's name on narrow screens (the icon and an accessible name stay). */
  compact?: boolean;
}

/**
 * The language switch: a link to the landing page in the other language ("/?lang=zh-CN", which
 * works on the prerendered page without any script), that in the app switches in place (and
 * stores the choice on the account when someone is signed in). Each language is named in itself.
 */
export function LanguageSwitch({ inverted = false, compact = false }: LanguageSwitchProps) {
  const { t, i18n } = useCommonT();
  const other: Locale = i18n.language === "zh-CN" ? "en" : "zh-CN";
  const name = LOCALE_NAMES[other];
  return (
    <Button
      href={`/?lang=${other}`}
      hrefLang={other}
      data-locale-switch={other}
      onClick={(event) => {
        event.preventDefault();
        void chooseLocale(other);
      }}
      color="inherit"
      startIcon={<TranslateIcon />}
      aria-label={t("language.switchTo", { language: t(`language.names.${other}`) })}
      sx={{
        whiteSpace: "nowrap",
        minWidth: 0,
        px: { xs: 1, sm: 1.25 },
        ...(inverted ? { color: "common.white" } : {}),
        ...(compact ? { "& .MuiButton-startIcon": { mr: { xs: 0, sm: 1 } } } : {}),
      }}
    >
      <Box
        component="span"
        lang={other}
        sx={compact ? { display: { xs: "none", sm: "inline" } } : undefined}
      >
        {name}
      </Box>
    </Button>
  );
}
