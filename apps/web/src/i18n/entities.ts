import entities from "../locales/en/entities.json";
import { namespace } from "./i18n";

/** Texts of the shared order, document and agent components, and the page titles. */
export const useEntitiesT = namespace("entities", entities);
