/**
 * The POG fonts (POG_FONTS in @pog/common), self-hosted from @fontsource: no third-party font
 * service sees our players, and the discs render the same offline. Latin, regular weight only;
 * the browser downloads a font file only when a disc on screen uses it. Loaded through fonts.ts.
 */
import '@fontsource/bangers/latin-400.css';
import '@fontsource/roboto-condensed/latin-400.css';
import '@fontsource/press-start-2p/latin-400.css';
import '@fontsource/bebas-neue/latin-400.css';
import '@fontsource/luckiest-guy/latin-400.css';
import '@fontsource/permanent-marker/latin-400.css';
import '@fontsource/orbitron/latin-400.css';
import '@fontsource/pacifico/latin-400.css';
import '@fontsource/anton/latin-400.css';
import '@fontsource/lobster/latin-400.css';
