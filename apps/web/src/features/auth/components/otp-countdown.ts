import { useCallback, useEffect, useState } from "react";
import { OTP_RESEND_SECONDS, STORAGE_KEYS } from "@fba/contract/constants";

/** When the next code may be requested (epoch ms), kept in local storage so it survives a reload. */
export function readResendDeadline(): number {
  const value = Number(localStorage.getItem(STORAGE_KEYS.otpResendAt));
  return Number.isFinite(value) ? value : 0;
}

/** Starts the wait; the server says how long (`resend_after` seconds), else the spec's 120 s. */
export function startResendCountdown(seconds = OTP_RESEND_SECONDS, now = Date.now()): number {
  const wait = Number.isFinite(seconds) && seconds >= 0 ? seconds : OTP_RESEND_SECONDS;
  const deadline = now + wait * 1000;
  localStorage.setItem(STORAGE_KEYS.otpResendAt, String(deadline));
  return deadline;
}

export function clearResendCountdown() {
  localStorage.removeItem(STORAGE_KEYS.otpResendAt);
}

const secondsUntil = (deadline: number, now: number) =>
  Math.max(0, Math.ceil((deadline - now) / 1000));

/** Seconds left before a new code may be requested, ticking once a second. */
export function useResendCountdown() {
  const [deadline, setDeadline] = useState(readResendDeadline);
  const [now, setNow] = useState(Date.now);
  const secondsLeft = secondsUntil(deadline, now);

  useEffect(() => {
    if (deadline <= Date.now()) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= deadline) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);

  const restart = useCallback((seconds?: number) => {
    setDeadline(startResendCountdown(seconds));
    setNow(Date.now());
  }, []);
  return { secondsLeft, restart };
}

export function formatCountdown(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, "0")}`;
}
