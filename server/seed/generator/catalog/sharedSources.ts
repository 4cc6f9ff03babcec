import type { SourceSite } from './types';

/** General sites every industry's answers cite. */
export const GENERAL_SOURCES: SourceSite[] = [
  {
    host: 'www.reddit.com',
    paths: ['/r/{sub}/comments/{id}/{slug}/', '/r/{sub}/comments/{id}/{slug}/?utm_source=share&utm_medium=web'],
    titles: ['What do you use for {topic}?', 'Honest opinions on {topic}', '{Brand} vs the rest — worth it?', 'Recommendations for {topic} in {year}'],
    authors: [null, null, 'u/throwaway_pm', 'u/quietbuilder', 'u/marathon_mike', 'u/fintech_fan'],
    weight: 7,
  },
  {
    host: 'www.forbes.com',
    paths: ['/advisor/{slug}/', '/sites/{authorSlug}/{year}/{month}/{day}/{slug}/'],
    titles: ['Best {CategoryTitle} Of {year}', '{Brand} Review {year}: Features, Pricing And Alternatives', 'The {CategoryTitle} Worth Paying For In {year}'],
    authors: ['Kelly Main', 'Rob Watts', 'Jane Haskins', 'Amy Danise', null],
    weight: 5,
  },
  {
    host: 'techcrunch.com',
    paths: ['/{year}/{month}/{day}/{slug}/'],
    titles: ['{Brand} raises new funding as competition heats up', 'The {CategoryTitle} market is getting crowded', '{Brand} launches AI features for {topic}'],
    authors: ['Ingrid Lunden', 'Sarah Perez', 'Romain Dillet', 'Kyle Wiggers'],
    weight: 3,
  },
  {
    host: 'medium.com',
    paths: ['/@{authorSlug}/{slug}-{id}', '/{sub}/{slug}-{id}'],
    titles: ['I tried {count} {CategoryTitle} so you don’t have to', 'Why we switched to {Brand}', 'A practical guide to {topic}'],
    authors: ['Dana Whitfield', 'Marco Rossi', 'Priya Nair', null],
    weight: 3,
  },
  {
    host: 'www.youtube.com',
    paths: ['/watch?v={id}', '/watch?v={id}&t=120s'],
    titles: ['{Brand} review after 6 months', 'Best {CategoryTitle} ({year})', 'Top {count} {CategoryTitle} compared'],
    authors: [null, 'Keep Productive', 'The Run Testers', 'Ali Abdaal'],
    weight: 2,
  },
  {
    host: 'en.wikipedia.org',
    paths: ['/wiki/{BrandWiki}'],
    titles: ['{Brand} - Wikipedia'],
    authors: [null],
    weight: 1,
  },
  {
    host: 'www.bbc.co.uk',
    paths: ['/news/business-{id}'],
    titles: ['How {topic} is changing', '{Brand} expands to new markets'],
    authors: [null, 'Zoe Kleinman'],
    weight: 1,
  },
];
