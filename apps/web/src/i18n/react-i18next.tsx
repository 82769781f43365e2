import {
  cloneElement,
  createElement,
  Fragment,
  isValidElement,
  lazy,
  Suspense,
  useSyncExternalStore,
  type ComponentProps,
  type ReactElement,
  type ReactNode,
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

// The library's <Trans>, once it is in (another language): its every option.
const LibraryTransLazy = lazy(() =>
  loadFull().then(() => ({ default: libraryTrans() as typeof LibraryTrans })),
);

type TransProps = ComponentProps<typeof LibraryTrans>;
const BASIC_TAGS = new Set(["br", "strong", "i", "p"]);

/**
 * The text's tags (`<name>…</name>`, `<name/>`, `<0>…</0>`) as the given elements, as the
 * library's <Trans> renders them: a self-closing tag keeps the element's own children, an empty
 * one keeps them when they are elements, any other takes the tag's content.
 */
function renderTagged(text: string, components: TransProps["components"]): ReactNode[] {
  const tokens = text.split(/(<\/?[\w.-]+\s*\/?>)/);
  const stack: { name: string; nodes: ReactNode[] }[] = [{ name: "", nodes: [] }];
  let key = 0;
  const elementFor = (name: string): ReactElement | undefined => {
    const found = Array.isArray(components)
      ? (components as ReactElement[])[Number(name)]
      : (components as Record<string, ReactElement> | undefined)?.[name];
    return isValidElement(found) ? found : undefined;
  };
  const close = (name: string, inner: ReactNode[], isVoid: boolean) => {
    const parent = stack[stack.length - 1]!.nodes;
    const element = elementFor(name);
    if (!element) {
      if (BASIC_TAGS.has(name))
        parent.push(createElement(name, { key: `${name}-${key++}` }, isVoid ? null : inner));
      else parent.push(isVoid ? `<${name} />` : `<${name}>${inner.join("")}</${name}>`);
      return;
    }
    const own = (element.props as { children?: ReactNode }).children;
    const ownElements =
      own !== undefined && (Array.isArray(own) ? own : [own]).every((c) => isValidElement(c));
    const children = isVoid ? (own ?? null) : inner.length === 0 && ownElements ? own : inner;
    parent.push(cloneElement(element, { key: key++ }, children as ReactNode));
  };
  for (const token of tokens) {
    if (!token) continue;
    const tag = /^<(\/?)([\w.-]+)\s*(\/?)>$/.exec(token);
    const name = tag?.[2];
    if (!tag || name === undefined) {
      stack[stack.length - 1]!.nodes.push(token);
    } else if (tag[3]) {
      close(name, [], true);
    } else if (!tag[1]) {
      stack.push({ name, nodes: [] });
    } else if (stack.length > 1 && stack[stack.length - 1]!.name === name) {
      const { nodes } = stack.pop()!;
      close(name, nodes, false);
    } else {
      stack[stack.length - 1]!.nodes.push(token);
    }
  }
  while (stack.length > 1) {
    const { name, nodes } = stack.pop()!;
    stack[stack.length - 1]!.nodes.push(`<${name}>`, ...nodes);
  }
  return stack[0]!.nodes;
}

/**
 * react-i18next's <Trans>. In English before the library has loaded, the text from `t` with its
 * tags as the given elements (what the app's rich texts use: `t`, `i18nKey`, `values`, `count`,
 * `components`); otherwise the library's own.
 */
export function Trans(props: TransProps): ReactElement {
  const current = useSyncExternalStore(
    translationState.subscribe,
    translationState.get,
    translationState.get,
  );
  const loaded = libraryTrans();
  if (loaded && current.full) return createElement(loaded, props);
  if (current.language === "en" && !props.children && props.i18nKey !== undefined) {
    const translate = (props.t ?? ((key: string) => key)) as unknown as (
      key: unknown,
      options: Record<string, unknown>,
    ) => unknown;
    const text = translate(props.i18nKey, {
      ...(props.tOptions as Record<string, unknown> | undefined),
      ...(props.values as Record<string, unknown> | undefined),
      ...(props.count === undefined ? {} : { count: props.count }),
      ...(props.context === undefined ? {} : { context: props.context }),
      ...(props.defaults === undefined ? {} : { defaultValue: props.defaults }),
      ...(props.ns === undefined ? {} : { ns: props.ns }),
    });
    return createElement(Fragment, null, ...renderTagged(String(text), props.components));
  }
  return (
    <Suspense fallback={null}>
      <LibraryTransLazy {...props} />
    </Suspense>
  );
}
