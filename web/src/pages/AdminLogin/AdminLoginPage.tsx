import styled from 'styled-components';
import { Link } from 'react-router';
import { BRAND } from '@pog/common';
import { ComingSoon } from '../../components/ComingSoon';

const Screen = styled.div`
  flex: 1;
  display: grid;
  align-content: center;
`;

const Back = styled(Link)`
  justify-self: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The admin password screen is shown without the main layout (spec section 2). */
export default function AdminLoginPage() {
  return (
    <Screen>
      <ComingSoon title="Admin Login" lead="The password-protected entrance to the moderation area." />
      <Back to="/">Back to {BRAND}</Back>
    </Screen>
  );
}
