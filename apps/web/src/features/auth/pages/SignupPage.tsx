import { useState } from "react";
import { Link as RouterLink, useLocation, useNavigate } from "react-router";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { registerInputSchema, type SelfServiceGroup } from "@fba/contract";
import { ApiError } from "../../../lib/api-client";
import { saveSession } from "../../../lib/session";
import { applyFieldErrors, notify, toastApiError } from "../../../lib/toast";
import { register as registerAccount } from "../api/auth-api";
import { AuthLayout } from "../components/AuthLayout";
import { GroupTabs, groupFromPath } from "../components/GroupTabs";
import { PasswordField } from "../components/PasswordField";
import { paths } from "../../../app/paths";
import { Trans } from "react-i18next";
import { useServerMessage } from "../../../i18n/server-messages";
import { useAuthT } from "../i18n";

const signupFormSchema = registerInputSchema.omit({ groups: true });
const FIELDS = ["first_name", "last_name", "email", "password"] as const;

export const AGENT_SIGNUP_SUCCESS = "Your account has been created. Log in to continue.";

/** /signup, /seller/signup and /shipper/signup: the same screen, the group from the path or the tab. */
export default function SignupPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [tab, setTab] = useState<SelfServiceGroup>(() => groupFromPath(pathname) ?? "Seller");
  const { t } = useAuthT();
  const message = useServerMessage();
  const [formError, setFormError] = useState<string | undefined>();
  const group = groupFromPath(pathname) ?? tab;

  const form = useForm({
    resolver: zodResolver(signupFormSchema),
    defaultValues: { first_name: "", last_name: "", email: "", password: "" },
  });
  const mutation = useMutation({ mutationFn: registerAccount });

  const changeTab = (next: SelfServiceGroup) => {
    setTab(next);
    setFormError(undefined);
    if (pathname.startsWith("/shipper/") || pathname.startsWith("/seller/")) {
      void navigate(next === "Shipper" ? paths.shipperSignup : paths.sellerSignup, {
        replace: true,
      });
    }
  };

  const onSubmit = form.handleSubmit((values) => {
    setFormError(undefined);
    mutation.mutate(
      { ...values, groups: group },
      {
        onSuccess: ({ data }) => {
          if (group === "Seller") {
            saveSession(data);
            void navigate(paths.seller.dashboard, { replace: true });
          } else {
            notify.success(t("signup.agentCreated"));
            // The login form opens with the new account's email filled in.
            void navigate(paths.shipperLogin, { replace: true, state: { email: values.email } });
          }
        },
        onError: (error) => {
          applyFieldErrors(error, form.setError, FIELDS);
          const other =
            error instanceof ApiError
              ? error.errors.find(
                  (e) => !e.field || !(FIELDS as readonly string[]).includes(e.field),
                )
              : undefined;
          if (other) setFormError(other.message);
          toastApiError(error);
        },
      },
    );
  });

  const { errors } = form.formState;
  const loginPath = group === "Shipper" ? paths.shipperLogin : paths.login;

  return (
    <AuthLayout
      title={t("signup.title")}
      subtitle={group === "Shipper" ? t("signup.subtitleShipper") : t("signup.subtitleSeller")}
    >
      <GroupTabs value={group} onChange={changeTab} />
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ mt: 3 }}>
        {formError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {message(formError)}
          </Alert>
        )}
        <Stack sx={{ gap: 2.5 }}>
          <Stack direction={{ xs: "column", sm: "row" }} sx={{ gap: 2.5 }}>
            <TextField
              {...form.register("first_name")}
              label={t("signup.firstName")}
              autoComplete="given-name"
              fullWidth
              error={Boolean(errors.first_name)}
              helperText={message(errors.first_name?.message)}
              slotProps={{ htmlInput: { maxLength: 50 } }}
            />
            <TextField
              {...form.register("last_name")}
              label={t("signup.lastName")}
              autoComplete="family-name"
              fullWidth
              error={Boolean(errors.last_name)}
              helperText={message(errors.last_name?.message)}
              slotProps={{ htmlInput: { maxLength: 50 } }}
            />
          </Stack>
          <TextField
            {...form.register("email")}
            label={t("signup.email")}
            type="email"
            autoComplete="email"
            fullWidth
            error={Boolean(errors.email)}
            helperText={message(errors.email?.message)}
          />
          <PasswordField
            {...form.register("password")}
            label={t("signup.password")}
            autoComplete="new-password"
            fullWidth
            error={Boolean(errors.password)}
            helperText={message(errors.password?.message) ?? t("signup.passwordHint")}
          />
        </Stack>
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          loading={mutation.isPending}
          sx={{ mt: 3 }}
        >
          {t("signup.submit")}
        </Button>
        <Typography variant="body2" sx={{ color: "text.secondary", mt: 2, textAlign: "center" }}>
          <Trans
            t={t}
            i18nKey="signup.terms"
            components={{ terms: <strong />, privacy: <strong /> }}
          />
        </Typography>
      </Box>
      <Typography sx={{ mt: 4, pt: 3, borderTop: 1, borderColor: "divider", textAlign: "center" }}>
        {t("signup.haveAccount")}{" "}
        <Link component={RouterLink} to={loginPath} sx={{ fontWeight: 600 }}>
          {t("signup.signIn")}
        </Link>
      </Typography>
    </AuthLayout>
  );
}
