import { describe, expect, it } from 'vitest';
import { signUnsubscribeToken, unsubscribeHeaders, unsubscribeUrl, verifyUnsubscribeToken } from './unsubscribe';

const SECRET = Buffer.from('0123456789abcdef0123456789abcdef');

describe('unsubscribe tokens', () => {
  it('stand for one user and one kind, and nothing else verifies', () => {
    const token = signUnsubscribeToken('usr_demo', 'weekly_reports', SECRET);
    expect(verifyUnsubscribeToken(token, SECRET)).toEqual({ userId: 'usr_demo', kind: 'weekly_reports' });
    const [id, , mac] = token.split('.');
    expect(verifyUnsubscribeToken(`${id}.competitor_intelligence.${mac}`, SECRET)).toBeNull();
    expect(verifyUnsubscribeToken(`${Buffer.from('usr_other').toString('base64url')}.weekly_reports.${mac}`, SECRET)).toBeNull();
    expect(verifyUnsubscribeToken(token, Buffer.from('another secret, another server..'))).toBeNull();
    expect(verifyUnsubscribeToken(`${id}.security_alerts.${mac}`, SECRET)).toBeNull();
    for (const junk of ['', 'a.b', 'a.b.c.d', `${token}x`]) expect(verifyUnsubscribeToken(junk, SECRET)).toBeNull();
  });

  it('go in a one-click address with the RFC 8058 headers', () => {
    const url = unsubscribeUrl('https://app.example', 'a.b.c');
    expect(url).toBe('https://app.example/api/email/unsubscribe?token=a.b.c');
    expect(unsubscribeHeaders(url)).toEqual({ 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
  });
});
