import bangersWoff2 from '@fontsource/bangers/files/bangers-latin-400-normal.woff2?url';
import { createGlobalStyle } from 'styled-components';

export const GlobalStyle = createGlobalStyle`
  /*
   * The brand's display font (theme.fonts.display) is part of the shell: every page's headings use
   * it. Declared here rather than in a stylesheet, which would block the first paint for a request.
   */
  @font-face {
    font-family: 'Bangers';
    font-style: normal;
    font-display: swap;
    font-weight: 400;
    src: url(${bangersWoff2}) format('woff2');
  }
  *, *::before, *::after { box-sizing: border-box; }
  html { color-scheme: dark; -webkit-text-size-adjust: 100%; }
  body {
    margin: 0;
    min-height: 100vh;
    background: ${({ theme }) => theme.gradients.page}, ${({ theme }) => theme.colors.background};
    background-attachment: fixed;
    color: ${({ theme }) => theme.colors.text};
    font-family: ${({ theme }) => theme.fonts.body};
    font-size: 16px;
    line-height: 1.5;
    -webkit-font-smoothing: antialiased;
  }
  #root { min-height: 100vh; display: flex; flex-direction: column; }
  a { color: inherit; }
  button, input, textarea, select { font: inherit; color: inherit; }
  h1, h2, h3, h4 { margin: 0; line-height: 1.2; }
  p { margin: 0; }
  :focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  .visually-hidden {
    position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px;
    overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0;
  }
  /*
   * Reduced motion: every animation jumps to its end at once and plays once. An infinite one kept
   * at 0.01 ms would still run, asking for a new frame 60 times a second for as long as it is on
   * screen (a spinner, a rare POG's shimmer): a busy CPU and a drained battery for nothing to see.
   */
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after {
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0.01ms !important;
    }
  }
`;
