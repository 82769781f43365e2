import { useState } from "react";
import { Link as RouterLink, useLocation, useNavigate } from "react-router";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { z } from "zod";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { loginInputSchema, messages as authMessages, type SelfServiceGroup } from "@fba/contract";
import { ApiError } from "../../../lib/api-client";
import { saveSession } from "../../../lib/session";
import { applyFieldErrors, toastApiError } from "../../../lib/toast";
import { login } from "../api/auth-api";
import { AuthLayout } from "../components/AuthLayout";
import { ForgotPasswordDialog, type PasswordResetDone } from "../components/ForgotPasswordDialog";
import { GroupTabs, groupFromPath } from "../components/GroupTabs";
import { PasswordField } from "../components/PasswordField";
import { paths, isSessionEndedState, returnPathAfterLogin } from "../../../app/paths";
import { useServerMessage } from "../../../i18n/server-messages";
import { useAuthT } from "../i18n";

const loginFormSchema = loginInputSchema
  .pick({ email: true, password: true })
  .extend({ remember: z.boolean() });

/** The email a page that sent the user here passed along (the agents' sign-up), or "". */
export function emailFromState(state: unknown): string {
  if (typeof state !== "object" || state === null || !("email" in state)) return "";
  return typeof state.email === "string" ? state.email.slice(0, 50) : "";
}

/** /login, /seller/login and /shipper/login: the same screen, the group from the path or the tab. */
export default function LoginPage() {
  const { pathname, state } = useLocation();
  const navigate = useNavigate();
  // Sent here because the session ended on a page: say so, and go back there after logging in.
  const sessionEnded = isSessionEndedState(state) ? state : null;
  const [tab, setTab] = useState<SelfServiceGroup>(() => groupFromPath(pathname) ?? "Seller");
  const [resetOpen, setResetOpen] = useState(false);
  const [formError, setFormError] = useState<string | undefined>();
  const group = groupFromPath(pathname) ?? tab;
  const { t } = useAuthT();
  const message = useServerMessage();

  const form = useForm({
    resolver: zodResolver(loginFormSchema),
    // Sent here by the agents' sign-up: the new account's email is filled in.
    defaultValues: { email: emailFromState(state), password: "", remember: false },
  });
  const mutation = useMutation({ mutationFn: login });

  const changeTab = (next: SelfServiceGroup) => {
    setTab(next);
    setFormError(undefined);
    // Keep the address in step with the tab where the path decides the group.
    if (pathname.startsWith("/shipper/") || pathname.startsWith("/seller/")) {
      void navigate(next === "Shipper" ? paths.shipperLogin : paths.sellerLogin, {
        replace: true,
        state,
      });
    }
  };

  const onSubmit = form.handleSubmit(({ email, password, remember }) => {
    setFormError(undefined);
    mutation.mutate(
      { email, password, group, remember },
      {
        onSuccess: ({ data }) => {
          saveSession(data);
          void navigate(returnPathAfterLogin(sessionEnded?.from, data.user.groups), {
            replace: true,
          });
        },
        onError: (error) => {
          // Shown once: on the fields and above the form, or (when neither can hold it) as a toast.
          const onFields = applyFieldErrors(error, form.setError, ["email", "password"]);
          const other =
            error instanceof ApiError
              ? error.errors.find((e) => !e.field || !["email", "password"].includes(e.field))
              : undefined;
          if (other) setFormError(other.message);
          if (!onFields && !other) toastApiError(error);
        },
      },
    );
  });

  const { errors } = form.formState;
  const signupPath = group === "Shipper" ? paths.shipperSignup : paths.signup;
  const openReset = () => setResetOpen(true);
  // After a reset the form is ready to log in: the email filled in, on the account's tab.
  const onResetLogIn = ({ email, group: accountGroup }: PasswordResetDone) => {
    form.reset({ email, password: "", remember: form.getValues("remember") });
    setFormError(undefined);
    if (accountGroup === "Seller" || accountGroup === "Shipper") changeTab(accountGroup);
  };

  return (
    <AuthLayout title={t("login.title")} subtitle={t("login.subtitle")}>
      <GroupTabs value={group} onChange={changeTab} />
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ mt: 3 }}>
        {sessionEnded && !formError && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t("login.sessionEnded")}
          </Alert>
        )}
        {formError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {message(formError)}
            {formError === authMessages.invalidCredentials && (
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                {t("login.checkTab")}
              </Typography>
            )}
          </Alert>
        )}
        <Stack sx={{ gap: 2.5 }}>
          <TextField
            {...form.register("email")}
            label={t("login.email")}
            type="email"
            autoComplete="email"
            fullWidth
            error={Boolean(errors.email)}
            helperText={message(errors.email?.message)}
          />
          <PasswordField
            {...form.register("password")}
            label={t("login.password")}
            autoComplete="current-password"
            fullWidth
            error={Boolean(errors.password)}
            helperText={message(errors.password?.message)}
          />
        </Stack>
        <Stack
          direction="row"
          sx={{ alignItems: "center", justifyContent: "space-between", mt: 1, flexWrap: "wrap" }}
        >
          <FormControlLabel
            control={<Checkbox {...form.register("remember")} />}
            label={t("login.remember")}
          />
          <Link component="button" type="button" onClick={openReset} sx={{ fontWeight: 600 }}>
            {t("login.forgot")}
          </Link>
        </Stack>
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          loading={mutation.isPending}
          sx={{ mt: 2 }}
        >
          {t("login.submit")}
        </Button>
        <Box sx={{ textAlign: "center", mt: 2 }}>
          <Link component="button" type="button" onClick={openReset} variant="body2">
            {t("login.forgotLink")}
          </Link>
        </Box>
      </Box>
      <Box sx={{ mt: 4, pt: 3, borderTop: 1, borderColor: "divider", textAlign: "center" }}>
        <Typography sx={{ color: "text.secondary", mb: 1.5 }}>{t("login.newUser")}</Typography>
        <Button component={RouterLink} to={signupPath} variant="outlined" size="large" fullWidth>
          {t("login.signUp")}
        </Button>
      </Box>
      <ForgotPasswordDialog
        open={resetOpen}
        onClose={() => setResetOpen(false)}
        initialEmail={form.getValues("email")}
        onLogIn={onResetLogIn}
      />
    </AuthLayout>
  );
}
