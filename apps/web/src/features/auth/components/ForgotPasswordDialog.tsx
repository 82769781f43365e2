import { useState } from "react";
import Dialog from "@mui/material/Dialog";
import DialogTitle from "@mui/material/DialogTitle";
import IconButton from "@mui/material/IconButton";
import Typography from "@mui/material/Typography";
import CloseIcon from "@mui/icons-material/Close";
import type { Group } from "@fba/contract";
import { DoneStep, EmailStep, OtpStep, PasswordStep } from "./PasswordResetSteps";
import { useAuthT } from "../i18n";

type Step = "email" | "otp" | "password" | "done";

const STEP_NUMBERS: Record<Step, number> = { email: 1, otp: 2, password: 3, done: 4 };

/** Who just reset their password: the login form fills in the email and picks the tab. */
export interface PasswordResetDone {
  email: string;
  group: Group | null;
}

interface ForgotPasswordDialogProps {
  open: boolean;
  onClose: () => void;
  /** Prefills the email step (e.g. with what was typed on the login form). */
  initialEmail?: string;
  /** The success step's Log in: called before the dialog closes. */
  onLogIn?: (done: PasswordResetDone) => void;
}

/** Password recovery in four steps: email, 4-digit code, new password, success. */
export function ForgotPasswordDialog({
  open,
  onClose,
  initialEmail = "",
  onLogIn,
}: ForgotPasswordDialogProps) {
  const { t } = useAuthT();
  const [step, setStep] = useState<Step>("email");
  const [email, setEmail] = useState("");
  const [group, setGroup] = useState<Group | null>(null);
  const [otp, setOtp] = useState("");
  const [otpError, setOtpError] = useState<string | undefined>();

  const reset = () => {
    setStep("email");
    setOtp("");
    setOtpError(undefined);
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="forgot-password-title"
      slotProps={{ transition: { onExited: reset } }}
    >
      <DialogTitle id="forgot-password-title" sx={{ pr: 7 }}>
        {t(`recovery.titles.${step}`)}
        <Typography
          variant="caption"
          component="span"
          sx={{ display: "block", color: "text.secondary" }}
        >
          {t("recovery.step", { number: STEP_NUMBERS[step] })}
        </Typography>
      </DialogTitle>
      <IconButton
        aria-label={t("recovery.close")}
        onClick={onClose}
        sx={{ position: "absolute", right: 12, top: 12 }}
      >
        <CloseIcon />
      </IconButton>
      {step === "email" && (
        <EmailStep
          initialEmail={email || initialEmail}
          onSent={(sentTo) => {
            setEmail(sentTo);
            setStep("otp");
          }}
        />
      )}
      {step === "otp" && (
        <OtpStep
          email={email}
          initialError={otpError}
          onBack={() => setStep("email")}
          onVerified={(code) => {
            setOtp(code);
            setOtpError(undefined);
            setStep("password");
          }}
        />
      )}
      {step === "password" && (
        <PasswordStep
          email={email}
          otp={otp}
          onDone={(resetGroup) => {
            setGroup(resetGroup);
            setStep("done");
          }}
          onCodeRejected={(message) => {
            setOtpError(message);
            setStep("otp");
          }}
        />
      )}
      {step === "done" && (
        <DoneStep
          onLogIn={() => {
            onLogIn?.({ email, group });
            onClose();
          }}
        />
      )}
    </Dialog>
  );
}
