import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormLabel from "@mui/material/FormLabel";
import Paper from "@mui/material/Paper";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Typography from "@mui/material/Typography";
import { chooseLocale } from "../../../i18n/account-locale";
import { useCommonT } from "../../../i18n/namespaces";
import { isLocale, LOCALE_NAMES, LOCALES } from "../../../i18n/locale";

/**
 * The profile's language choice: applied at once and stored on the account (so it follows the
 * person to any device). Each language is named in itself.
 */
export function LanguageSection() {
  const { t, i18n } = useCommonT();
  const current = i18n.language === "zh-CN" ? "zh-CN" : "en";
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <FormControl>
        <FormLabel id="profile-language">
          <Typography variant="h6" component="span" sx={{ color: "text.primary" }}>
            {t("language.label")}
          </Typography>
        </FormLabel>
        <Typography variant="body2" sx={{ color: "text.secondary", mb: 1 }}>
          {t("language.help")}
        </Typography>
        <RadioGroup
          row
          aria-labelledby="profile-language"
          value={current}
          onChange={(_, value) => {
            if (isLocale(value)) void chooseLocale(value);
          }}
        >
          {LOCALES.map((locale) => (
            <FormControlLabel
              key={locale}
              value={locale}
              control={<Radio />}
              label={<span lang={locale}>{LOCALE_NAMES[locale]}</span>}
            />
          ))}
        </RadioGroup>
      </FormControl>
    </Paper>
  );
}
