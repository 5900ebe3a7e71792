import { Link } from 'react-router';
import styled from 'styled-components';

/** A link inside running text (a name, a POG): underlined quietly, brighter on hover and focus. */
export const InlineLink = styled(Link)`
  color: inherit;
  text-decoration: underline;
  text-decoration-color: ${({ theme }) => theme.colors.borderStrong};
  text-underline-offset: 2px;
  &:hover, &:focus-visible { color: ${({ theme }) => theme.colors.text}; text-decoration-color: currentColor; }
`;
