import {
  createElement,
  lazy,
  Suspense,
  useSyncExternalStore,
  type ComponentProps,
  type ReactElement,
} from "react";
import type { i18n as I18n } from "i18next";
import type {
  Trans as LibraryTrans,
  useTranslation as libraryUseTranslation,
  UseTranslationResponse,
} from "react-i18next";
import { translateEnglish, type TOptions } from "./english";
import {
  libraryTrans,
  loadFull,
  takeLoadFailure,
  translationState,
  type TranslationState,
} from "./translation-state";

/**
 * What the app imports from "react-i18next" (the build and the tests point such imports here;
 * ./full.ts alone reads the library): `useTranslation` and `<Trans>` with the library's
 * behaviour. In English, before the library has loaded, `t` reads the English catalogs
 * (./english.ts); once it has loaded (another language, a <Trans>), the library answers.
 */

type Response = UseTranslationResponse<never, undefined>;
const responses = new WeakMap<TranslationState, Map<string, Response>>();

function englishInstance(language: TranslationState["language"]) {
  return {
    language,
    resolvedLanguage: language,
    languages: [language],
    isInitialized: true,
  };
}

function responseFor(current: TranslationState, namespaces: readonly string[]): Response {
  let byNamespace = responses.get(current);
  if (!byNamespace) {
    byNamespace = new Map();
    responses.set(current, byNamespace);
  }
  const id = namespaces.join("|");
  let response = byNamespace.get(id);
  if (!response) {
    const { full, language } = current;
    const t = full
      ? full.getFixedT(language, namespaces as never)
      : (key: string | readonly string[], options?: TOptions) =>
          translateEnglish(namespaces, key, options);
    const i18n = (full ?? englishInstance(language)) as unknown as I18n;
    const tuple = [t, i18n, true];
    response = Object.assign(tuple, { t, i18n, ready: true }) as unknown as Response;
    byNamespace.set(id, response);
  }
  return response;
}

/** react-i18next's hook (suspends while another language's catalogs load). */
function useTranslationOnDemand(ns?: string | readonly string[]): Response {
  const current = useSyncExternalStore(
    translationState.subscribe,
    translationState.get,
    translationState.get,
  );
  const namespaces = ns === undefined ? ["common"] : [ns].flat();
  const { full, language } = current;
  if (full) {
    const missing = namespaces.filter((name) => !full.hasLoadedNamespace(name, { lng: language }));
    if (missing.length > 0 && language !== "en") throw full.loadNamespaces(missing);
  } else if (language !== "en") {
    const failure = takeLoadFailure();
    if (failure) throw failure;
    throw (current.pending ?? loadFull()).catch(() => undefined);
  }
  return responseFor(current, namespaces);
}

export const useTranslation = useTranslationOnDemand as unknown as typeof libraryUseTranslation;

// The library's <Trans> (a few screens' rich texts), once the library is in.
const LibraryTransLazy = lazy(() =>
  loadFull().then(() => ({ default: libraryTrans() as typeof LibraryTrans })),
);

/** react-i18next's <Trans>: the library's, loaded first if it is not in yet. */
export function Trans(props: ComponentProps<typeof LibraryTrans>): ReactElement {
  const loaded = libraryTrans();
  if (loaded) return createElement(loaded, props);
  return (
    <Suspense fallback={null}>
      <LibraryTransLazy {...props} />
    </Suspense>
  );
}
