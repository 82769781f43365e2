/**
 * The texts of the screens shown while, or because, a screen's code is not there: the failed-page
 * notice and the loading placeholder. They live in the entry chunk, in both languages, and not in
 * a catalog: a catalog is a download of its own, and that download is what may have failed. The
 * language is the one the app shows (i18n keeps the page's `lang` in step with it).
 */
const TEXTS = {
  en: {
    loading: "Loading",
    chunkTitle: "This page could not be loaded",
    chunkDetail:
      "The connection to the server was lost, or a new version of the app was released. Check your connection and try again.",
    errorTitle: "Something went wrong on this page",
    errorDetail: "Try again; if it keeps happening, reload the page.",
    retry: "Retry",
  },
  "zh-CN": {
    loading: "加载中",
    chunkTitle: "页面加载失败",
    chunkDetail: "与服务器的连接已断开，或应用已发布新版本。请检查网络连接后重试。",
    errorTitle: "页面出错了",
    errorDetail: "请重试；如果问题仍然存在，请刷新页面。",
    retry: "重试",
  },
} as const;

export type FailureText = keyof (typeof TEXTS)["en"];

/** A failure screen's text in the language the page is shown in. */
export function failureText(key: FailureText): string {
  const lang = typeof document === "undefined" ? "en" : document.documentElement.lang;
  return (lang === "zh-CN" ? TEXTS["zh-CN"] : TEXTS.en)[key];
}
