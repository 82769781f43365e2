import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import {
  messages,
  type Group,
  newPasswordWithConfirmSchema,
  OTP_EXPIRY_MINUTES,
  OTP_LENGTH,
  passwordInitInputSchema,
  verifyOtpInputSchema,
} from "@fba/contract";
import { ApiError } from "../../../lib/api-client";
import { applyFieldErrors, notify, toastApiError } from "../../../lib/toast";
import { resendOtp, resetPassword, startPasswordReset, verifyOtp } from "../api/auth-api";
import { PasswordField } from "./PasswordField";
import {
  clearResendCountdown,
  formatCountdown,
  startResendCountdown,
  useResendCountdown,
} from "./otp-countdown";
import { Trans } from "react-i18next";
import { useServerMessage } from "../../../i18n/server-messages";
import { useAuthT } from "../i18n";

// The four steps of ForgotPasswordDialog: each owns its form and its request.

const emailFormSchema = passwordInitInputSchema.pick({ email: true });

export function EmailStep({
  initialEmail,
  onSent,
}: {
  initialEmail: string;
  onSent: (email: string) => void;
}) {
  const { t } = useAuthT();
  const message = useServerMessage();
  const form = useForm({
    resolver: zodResolver(emailFormSchema),
    defaultValues: { email: initialEmail },
  });
  const mutation = useMutation({
    mutationFn: (email: string) => startPasswordReset({ email }),
  });
  const onSubmit = form.handleSubmit(({ email }) =>
    mutation.mutate(email, {
      onSuccess: ({ data }) => {
        startResendCountdown(data.resend_after);
        onSent(email);
      },
      onError: (error) => {
        // A code was sent moments ago: continue with it rather than block the user.
        if (error instanceof ApiError && error.status === 429) {
          notify.info(error.message);
          onSent(email);
          return;
        }
        applyFieldErrors(error, form.setError, ["email"]);
        toastApiError(error);
      },
    }),
  );
  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <DialogContent sx={{ pt: 0 }}>
        <Typography sx={{ color: "text.secondary", mb: 2 }}>
          {t("recovery.emailIntro", { length: OTP_LENGTH })}
        </Typography>
        <TextField
          {...form.register("email")}
          label={t("recovery.email")}
          type="email"
          autoComplete="email"
          autoFocus
          fullWidth
          error={Boolean(form.formState.errors.email)}
          helperText={message(form.formState.errors.email?.message)}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 3 }}>
        <Button
          type="submit"
          variant="contained"
          fullWidth
          size="large"
          loading={mutation.isPending}
        >
          {t("recovery.sendCode")}
        </Button>
      </DialogActions>
    </Box>
  );
}

const otpFormSchema = verifyOtpInputSchema.pick({ otp: true });

interface OtpStepProps {
  email: string;
  initialError?: string;
  onBack: () => void;
  onVerified: (otp: string) => void;
}

export function OtpStep({ email, initialError, onBack, onVerified }: OtpStepProps) {
  const { t } = useAuthT();
  const message = useServerMessage();
  const form = useForm({
    resolver: zodResolver(otpFormSchema),
    defaultValues: { otp: "" },
    errors: initialError ? { otp: { type: "server", message: initialError } } : undefined,
  });
  const { secondsLeft, restart } = useResendCountdown();
  const verify = useMutation({ mutationFn: (otp: string) => verifyOtp({ email, otp }) });
  const resend = useMutation({ mutationFn: () => resendOtp({ email }) });

  const onSubmit = form.handleSubmit(({ otp }) =>
    verify.mutate(otp, {
      onSuccess: () => onVerified(otp),
      onError: (error) => {
        if (!applyFieldErrors(error, form.setError, ["otp"])) toastApiError(error);
      },
    }),
  );
  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: ({ data }) => {
        restart(data.resend_after);
        form.clearErrors("otp");
        notify.success(t("recovery.newCodeSent"));
      },
      onError: toastApiError,
    });

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <DialogContent sx={{ pt: 0 }}>
        {/* A long address has no spaces to break at: it wraps anywhere instead of overflowing. */}
        <Typography sx={{ color: "text.secondary", mb: 2, overflowWrap: "anywhere" }}>
          <Trans
            t={t}
            i18nKey="recovery.otpIntro"
            values={{ length: OTP_LENGTH, address: email, minutes: OTP_EXPIRY_MINUTES }}
            components={{ email: <strong /> }}
          />
        </Typography>
        <Controller
          control={form.control}
          name="otp"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              onChange={(event) =>
                field.onChange(event.target.value.replace(/\D/g, "").slice(0, OTP_LENGTH))
              }
              label={t("recovery.code")}
              autoComplete="one-time-code"
              autoFocus
              fullWidth
              error={Boolean(fieldState.error)}
              helperText={message(fieldState.error?.message)}
              slotProps={{
                htmlInput: {
                  inputMode: "numeric",
                  pattern: "[0-9]*",
                  style: { letterSpacing: "0.6em", fontSize: "1.4rem", textAlign: "center" },
                },
              }}
            />
          )}
        />
        <Stack
          direction="row"
          sx={{ justifyContent: "space-between", alignItems: "center", mt: 1.5 }}
        >
          <Button onClick={onBack} size="small">
            {t("recovery.changeEmail")}
          </Button>
          <Button
            onClick={onResend}
            size="small"
            disabled={secondsLeft > 0 || resend.isPending}
            aria-live="polite"
          >
            {secondsLeft > 0
              ? t("recovery.resendIn", { time: formatCountdown(secondsLeft) })
              : t("recovery.resend")}
          </Button>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 3 }}>
        <Button type="submit" variant="contained" fullWidth size="large" loading={verify.isPending}>
          {t("recovery.verify")}
        </Button>
      </DialogActions>
    </Box>
  );
}

interface PasswordStepProps {
  email: string;
  otp: string;
  onDone: (group: Group | null) => void;
  onCodeRejected: (message: string) => void;
}

export function PasswordStep({ email, otp, onDone, onCodeRejected }: PasswordStepProps) {
  const { t } = useAuthT();
  const message = useServerMessage();
  const form = useForm({
    resolver: zodResolver(newPasswordWithConfirmSchema),
    defaultValues: { password: "", confirm_password: "" },
  });
  const [formError, setFormError] = useState<string | undefined>();
  const mutation = useMutation({
    mutationFn: (values: { password: string; confirm_password: string }) =>
      resetPassword({ email, otp, ...values }),
  });
  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: ({ data }) => {
        clearResendCountdown();
        onDone(data?.group ?? null);
      },
      onError: (error) => {
        const codeError =
          error instanceof ApiError ? error.errors.find((e) => e.field === "otp") : undefined;
        if (codeError) {
          onCodeRejected(codeError.message);
          return;
        }
        const matched = applyFieldErrors(error, form.setError, ["password", "confirm_password"]);
        if (!matched) setFormError(error instanceof ApiError ? error.message : undefined);
        toastApiError(error);
      },
    }),
  );
  const { errors } = form.formState;
  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <DialogContent sx={{ pt: 0 }}>
        <Typography sx={{ color: "text.secondary", mb: 2 }}>
          {t("recovery.passwordIntro")}
        </Typography>
        {formError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {message(formError)}
          </Alert>
        )}
        <Stack sx={{ gap: 2 }}>
          <PasswordField
            {...form.register("password")}
            label={t("recovery.newPassword")}
            autoComplete="new-password"
            autoFocus
            fullWidth
            error={Boolean(errors.password)}
            helperText={message(errors.password?.message)}
          />
          <PasswordField
            {...form.register("confirm_password")}
            label={t("recovery.confirmPassword")}
            autoComplete="new-password"
            fullWidth
            error={Boolean(errors.confirm_password)}
            helperText={message(errors.confirm_password?.message)}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 3 }}>
        <Button
          type="submit"
          variant="contained"
          fullWidth
          size="large"
          loading={mutation.isPending}
        >
          {t("recovery.reset")}
        </Button>
      </DialogActions>
    </Box>
  );
}

export function DoneStep({ onLogIn }: { onLogIn: () => void }) {
  const { t } = useAuthT();
  const message = useServerMessage();
  return (
    <>
      <DialogContent sx={{ pt: 0, textAlign: "center" }}>
        <CheckCircleIcon color="success" sx={{ fontSize: 56, mb: 1 }} aria-hidden="true" />
        <Typography role="status" sx={{ fontWeight: 600 }}>
          {message(messages.passwordResetDone)}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 3 }}>
        <Button onClick={onLogIn} variant="contained" fullWidth size="large">
          {t("recovery.logIn")}
        </Button>
      </DialogActions>
    </>
  );
}
