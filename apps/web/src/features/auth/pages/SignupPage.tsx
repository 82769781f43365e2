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

const signupFormSchema = registerInputSchema.omit({ groups: true });
const FIELDS = ["first_name", "last_name", "email", "password"] as const;

export const AGENT_SIGNUP_SUCCESS = "Your account has been created. Log in to continue.";

/** /signup, /seller/signup and /shipper/signup: the same screen, the group from the path or the tab. */
export default function SignupPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [tab, setTab] = useState<SelfServiceGroup>(() => groupFromPath(pathname) ?? "Seller");
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
            notify.success(AGENT_SIGNUP_SUCCESS);
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
      title="Create your account"
      subtitle={
        group === "Shipper"
          ? "Bid on shipments from Amazon FBA sellers."
          : "Book freight to Amazon warehouses and let agents bid for it."
      }
    >
      <GroupTabs value={group} onChange={changeTab} />
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ mt: 3 }}>
        {formError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        )}
        <Stack sx={{ gap: 2.5 }}>
          <Stack direction={{ xs: "column", sm: "row" }} sx={{ gap: 2.5 }}>
            <TextField
              {...form.register("first_name")}
              label="First name"
              autoComplete="given-name"
              fullWidth
              error={Boolean(errors.first_name)}
              helperText={errors.first_name?.message}
              slotProps={{ htmlInput: { maxLength: 50 } }}
            />
            <TextField
              {...form.register("last_name")}
              label="Last name"
              autoComplete="family-name"
              fullWidth
              error={Boolean(errors.last_name)}
              helperText={errors.last_name?.message}
              slotProps={{ htmlInput: { maxLength: 50 } }}
            />
          </Stack>
          <TextField
            {...form.register("email")}
            label="Email"
            type="email"
            autoComplete="email"
            fullWidth
            error={Boolean(errors.email)}
            helperText={errors.email?.message}
          />
          <PasswordField
            {...form.register("password")}
            label="Password"
            autoComplete="new-password"
            fullWidth
            error={Boolean(errors.password)}
            helperText={errors.password?.message ?? "At least 8 character"}
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
          Login
        </Button>
        <Typography variant="body2" sx={{ color: "text.secondary", mt: 2, textAlign: "center" }}>
          By creating an account you agree to our <strong>Terms of Service</strong> and{" "}
          <strong>Privacy Policy</strong>.
        </Typography>
      </Box>
      <Typography sx={{ mt: 4, pt: 3, borderTop: 1, borderColor: "divider", textAlign: "center" }}>
        Already have an account?{" "}
        <Link component={RouterLink} to={loginPath} sx={{ fontWeight: 600 }}>
          Sign In
        </Link>
      </Typography>
    </AuthLayout>
  );
}
