import { tokens } from '@fluentui/react-components';

// The Answerscope mark: a speech bubble with a lens, in the brand accent.
export function Logo({ size = 32, withName = false }: { size?: number; withName?: boolean }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-label="Answerscope">
        <rect x="1" y="1" width="30" height="30" rx="8" fill={tokens.colorBrandBackground} />
        <path d="M8 10h16v9H15l-5 4v-4H8z" fill="none" stroke="#fff" strokeWidth="2" strokeLinejoin="round" />
        <circle cx="16" cy="14.5" r="2.2" fill="#fff" />
      </svg>
      {withName ? <strong style={{ fontSize: size * 0.55 }}>Answerscope</strong> : null}
    </span>
  );
}
