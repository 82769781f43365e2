import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { Trans } from "react-i18next";
import { describe, expect, it } from "vitest";
import { translateEnglish } from "./english";
import { createFullI18n, Trans as LibraryTrans } from "./full";
import { libraryTrans } from "./translation-state";

// Rich texts of the kinds the screens use, with the elements their tags stand for.
const texts = {
  countdown: "Bidding ends in <countdown/>",
  terms: "You agree to our <terms>Terms of Service</terms> and <privacy>Privacy Policy</privacy>.",
  keepOwn: "Total <amount></amount> now",
  voidOwnText: "Total <amount/>",
  values: "Hi {{name}}, <b>{{what}}</b> text",
  basic: "Line<br/>two <strong>strong</strong>",
  plural_one: "{{count}} bid <x>here</x>",
  plural_other: "{{count}} bids <x>here</x>",
  indexed: "<0>zero</0> and <1>one</1>",
  unknown: "Keep <weird>this</weird> as text",
};
const cases: [keyof typeof texts | "plural", Record<string, unknown>][] = [
  ["countdown", { components: { countdown: <span className="c" data-x="1" /> } }],
  ["terms", { components: { terms: <strong />, privacy: <em /> } }],
  ["keepOwn", { components: { amount: <span>{[<i key="a">1</i>, <b key="b">2</b>]}</span> } }],
  ["voidOwnText", { components: { amount: <span>US$ 5</span> } }],
  ["values", { values: { name: "Ann", what: "bold" }, components: { b: <strong /> } }],
  ["basic", {}],
  ["plural", { count: 1, components: { x: <u /> } }],
  ["plural", { count: 3, components: { x: <u /> } }],
  ["indexed", { components: [<em key="0" />, <a key="1" href="/x" />] }],
  ["unknown", { components: {} }],
];

describe("<Trans> in English without the library", () => {
  it("renders each rich text as the library's <Trans> does", async () => {
    const library = await createFullI18n("en", new Map([["common", texts]]));
    const libraryT = library.getFixedT("en", "common");
    const englishT = (key: string, options?: Record<string, unknown>) =>
      translateEnglish(["sample"], key, options);
    const { englishCatalogs } = await import("./english");
    englishCatalogs.set("sample", texts);
    for (const [key, props] of cases) {
      const html = (element: ReactElement) => {
        const { container, unmount } = render(element);
        const out = container.innerHTML;
        unmount();
        return out;
      };
      const expected = html(
        <LibraryTrans i18n={library} t={libraryT} i18nKey={key as never} {...props} />,
      );
      const actual = html(<Trans t={englishT as never} i18nKey={key as never} {...props} />);
      expect(actual, key).toBe(expected);
    }
    // None of it loaded the library for the app.
    expect(libraryTrans()).toBeNull();
  });
});
