import styled from 'styled-components';

export const Form = styled.form`
  display: grid;
  gap: 1rem;
  & > button { margin-top: 0.5rem; }
`;
