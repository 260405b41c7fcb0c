/** Plain-TS design tokens; the theme contract in theme.css.ts is derived from this shape. */
export const tokens = {
  color: {
    primary: '#006396',
    primaryHover: '#004f78',
    primarySoft: '#e5f0f6',
    onPrimary: '#ffffff',
    // The spec's brand red, green and amber stay the fills and borders. White on the red (3.76:1) and
    // on the green (2.23:1) is below WCAG AA, so text on them is a dark shade, and red text on a light
    // ground (an error message, the high-priority pill) is the darker errorText.
    error: '#FF2442',
    errorHover: '#ff566d',
    errorSoft: '#ffe9ec',
    errorText: '#c0102c',
    onError: '#2b0006',
    success: '#3ec70b',
    successSoft: '#ebf9e5',
    successText: '#1f6b04',
    onSuccess: '#0f2a05',
    warning: '#FFB830',
    warningSoft: '#fff6e3',
    onWarning: '#1f2328',
    neutral0: '#ffffff',
    neutral50: '#f7f8fa',
    neutral100: '#eef0f3',
    neutral200: '#dde1e6',
    neutral300: '#c4cad2',
    neutral500: '#858d98',
    neutral700: '#4a515b',
    neutral900: '#1f2328',
    text: '#1f2328',
    textMuted: '#5c6570',
    textInverse: '#ffffff',
    surface: '#ffffff',
    surfaceMuted: '#f7f8fa',
    background: '#f3f5f8',
    border: '#dde1e6',
    borderStrong: '#c4cad2',
    overlay: 'rgba(15, 23, 42, 0.45)',
  },
  space: {
    none: '0',
    xxs: '2px',
    xs: '4px',
    sm: '8px',
    md: '12px',
    lg: '16px',
    xl: '24px',
    xxl: '32px',
    xxxl: '48px',
  },
  radius: {
    none: '0',
    sm: '4px',
    md: '8px',
    lg: '12px',
    full: '9999px',
  },
  fontSize: {
    xs: '12px',
    sm: '14px',
    md: '16px',
    lg: '18px',
    xl: '22px',
    xxl: '28px',
  },
  fontWeight: {
    regular: '400',
    medium: '500',
    bold: '700',
  },
  lineHeight: {
    tight: '1.25',
    normal: '1.5',
  },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  shadow: {
    sm: '0 1px 2px rgba(15, 23, 42, 0.08)',
    md: '0 4px 12px rgba(15, 23, 42, 0.12)',
    lg: '0 12px 32px rgba(15, 23, 42, 0.18)',
  },
  /** The confirmation dialog is exactly this wide. */
  size: {
    dialog: '400px',
    sidebar: '240px',
    topbar: '56px',
    toast: '360px',
  },
} as const;

export type Tokens = typeof tokens;
export type Space = keyof Tokens['space'];
