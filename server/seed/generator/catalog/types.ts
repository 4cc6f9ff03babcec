/** Static knowledge the demo world and the simulated provider write answers from. */

/** Predicates that follow a brand name or "It": "is praised for …", "feels clunky …". */
export interface PhraseBank {
  positive: readonly string[];
  neutral: readonly string[];
  negative: readonly string[];
}

export interface CatalogBrand {
  name: string;
  aliases: string[];
  /** the brand's own site, e.g. https://www.asana.com */
  url: string;
  /** neutral one-line description shown after the name in list answers */
  blurb: string;
  /** 0..1: how often answers name it when the topic fits */
  strength: number;
  /** -1..1: how favourably answers speak of it */
  tone: number;
}

/** A site answers cite. Urls are built as https://{host}{path} with {slug}/{id}/{year} filled in. */
export interface SourceSite {
  host: string;
  paths: readonly string[];
  titles: readonly string[];
  /** null entries mean "no author", as many pages have */
  authors: readonly (string | null)[];
  weight: number;
}

export interface IndustryCatalog {
  key: string;
  industry: string;
  /** plural noun phrase used in answer prose: "project management tools" */
  category: string;
  /** the same, title case, for citation titles */
  categoryTitle: string;
  brand: CatalogBrand & { location: string };
  competitors: CatalogBrand[];
  /** untracked brands answers name from the start */
  established: CatalogBrand[];
  /** untracked brands that only appear in recent weeks and grow */
  emerging: CatalogBrand[];
  /**
   * an untracked brand named now and then until the last week, then suddenly in many answers: the
   * emerging threat that alerts must catch (its rate jumps far above its own baseline)
   */
  surging: CatalogBrand;
  /** prompt templates; {placeholders} are filled from `fills` */
  promptTemplates: readonly string[];
  fills: Record<string, readonly string[]>;
  intros: readonly string[];
  closings: readonly string[];
  phrases: PhraseBank;
  sources: readonly SourceSite[];
  /** subreddits cited in answers */
  subreddits: readonly string[];
  /** countries prompts run in; the brand's own location first */
  locations: readonly string[];
}
