import { Anchor, Container, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { Footer } from './Footer.js';

/** Layout of public and authentication pages: no application chrome (spec 000 §4). */
export function PublicLayout(): ReactNode {
  return (
    <Container size="sm" py="lg" mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Group mb="lg">
        <Anchor component={Link} to="/" underline="never" aria-label="Vigil home">
          <Group gap={8}>
            <img src="/favicon.svg" alt="" width={32} height={32} />
            <Text fw={700} size="xl" c="blue.8">
              Vigil
            </Text>
          </Group>
        </Anchor>
      </Group>
      <main style={{ flex: 1 }}>
        <Outlet />
      </main>
      <Footer />
    </Container>
  );
}
