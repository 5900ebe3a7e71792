import { useState } from 'react';
import styled from 'styled-components';
import { BRAND } from '@pog/common';
import { media } from '../../app/theme';
import { SignInCard as Card, SignInTitle as Title } from '../../components/SignInCard';
import { Tabs } from '../../components/Tabs';
import { usePageTitle } from '../../hooks/usePageTitle';
import { AuthPromo } from './AuthPromo';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';

type AuthTab = 'login' | 'register';

const Layout = styled.div`
  flex: 1;
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 2rem;
  width: min(1100px, 100%);
  margin: 0 auto;
  padding: 2.5rem 1.25rem 1.5rem;
  align-items: stretch;
  ${media.belowMd} { grid-template-columns: 1fr; }
`;

const Subtitle = styled.p`
  margin-top: 0.4rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Footer = styled.footer`
  padding: 1.5rem 1.25rem 2rem;
  text-align: center;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.textSubtle};
`;

/** Login / Register, beside the feature promo (product spec: screens). */
export default function AuthPage() {
  const [tab, setTab] = useState<AuthTab>('login');
  usePageTitle(tab === 'login' ? 'Login' : 'Register');

  return (
    <>
      <Layout>
        <Card>
          <div>
            <Title>{tab === 'login' ? 'Welcome back' : 'Create your account'}</Title>
            <Subtitle>{tab === 'login' ? 'Log in to your account to continue.' : 'Register to start your collection.'}</Subtitle>
          </div>
          <Tabs<AuthTab>
            label="Login or register"
            value={tab}
            onValueChange={setTab}
            items={[
              { id: 'login', label: 'Login', content: <LoginForm /> },
              { id: 'register', label: 'Register', content: <RegisterForm /> },
            ]}
          />
        </Card>
        <AuthPromo />
      </Layout>
      <Footer>
        © 2024 {BRAND}. Design, collect, trade and battle: every disc has a home in the federation.
      </Footer>
    </>
  );
}
