import { act, render, screen } from "@testing-library/react";
import { Trans, useTranslation } from "react-i18next";
import { describe, expect, it } from "vitest";
import { changeLocale } from "./i18n";
import { libraryTrans } from "./translation-state";
import { useListsT } from "./lists";
import { useAuthT } from "../features/auth/i18n";

function Title() {
  const { t, i18n } = useListsT();
  return (
    <h1 lang={i18n.language}>
      {t("titles.active")} · {t("tabs.label")}
    </h1>
  );
}

function Terms() {
  const { t } = useAuthT();
  return (
    <p>
      <Trans t={t} i18nKey="signup.terms" components={{ terms: <strong />, privacy: <em /> }} />
    </p>
  );
}

function Direct() {
  // A screen importing the hook from "react-i18next" itself gets the same one.
  const { t } = useTranslation("lists");
  return <span>{t("tabs.current")}</span>;
}

describe("translations on demand", () => {
  it("shows English without loading the i18n library, then switches language with it", async () => {
    render(
      <>
        <Title />
        <Direct />
      </>,
    );
    expect(screen.getByRole("heading").textContent).toBe("Active Shipments · Shipment lists");
    expect(screen.getByText("Current Shipments")).toBeInTheDocument();
    expect(libraryTrans()).toBeNull();

    await act(() => changeLocale("zh-CN"));
    expect(screen.getByRole("heading").textContent).toBe("进行中的货件 · 货件列表");
    expect(screen.getByRole("heading")).toHaveAttribute("lang", "zh-CN");
    expect(screen.getByText("当前货件")).toBeInTheDocument();
    expect(document.documentElement.lang).toBe("zh-CN");

    await act(() => changeLocale("en"));
    expect(screen.getByRole("heading").textContent).toBe("Active Shipments · Shipment lists");
    expect(document.documentElement.lang).toBe("en");
  });

  it("renders a rich text's tags as the given elements (the library's <Trans>)", async () => {
    render(<Terms />);
    const terms = await screen.findByText("Terms of Service");
    expect(terms.tagName).toBe("STRONG");
    expect(screen.getByText("Privacy Policy").tagName).toBe("EM");
    expect(terms.parentElement?.textContent).toBe(
      "By creating an account you agree to our Terms of Service and Privacy Policy.",
    );
  });
});
