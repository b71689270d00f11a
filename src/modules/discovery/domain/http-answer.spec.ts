import { httpAnswerComplete, httpFields, httpFileBody, httpFileComplete } from './http-answer';

describe('httpFields', () => {
  it('reads status, headers by lower-case name, realm, title and a JSON body', () => {
    const answer = [
      'HTTP/1.1 401 Unauthorized',
      'Server: nginx/1.25.3',
      'X-Powered-By: Express',
      'WWW-Authenticate: Basic realm="Lab router", charset="UTF-8"',
      'Content-Type: application/json',
      '',
      '{"version":{"number":"8.1","build":["a"]},"tagline":"You\\nKnow","ok":true,"none":null}',
    ].join('\r\n');
    expect(httpFields(answer)).toEqual({
      status: '401',
      server: 'nginx/1.25.3',
      'x-powered-by': 'Express',
      'www-authenticate': 'Basic realm="Lab router", charset="UTF-8"',
      'content-type': 'application/json',
      realm: 'Lab router',
      json: 'none=null\nok=true\ntagline=You Know\nversion.number=8.1',
    });
  });

  it('decodes the title and collapses its white space', () => {
    const answer = 'HTTP/1.0 200 OK\n\n<html><head><TITLE lang="en">\n  Tom &amp; Jerry&#39;s &#x2014; NAS \n</TITLE>';
    expect(httpFields(answer)).toEqual({ status: '200', title: "Tom & Jerry's — NAS" });
  });

  it('is nothing for what is not HTTP, and leaves a body that is not a JSON object out', () => {
    expect(httpFields('-ERR unknown command\r\n')).toBeUndefined();
    expect(httpFields('HTTP/1.1 200 OK\r\n\r\n{"cut": "off')).toEqual({ status: '200' });
    expect(httpFields('HTTP/1.1 200 OK\r\n\r\n[1, 2]')).toEqual({ status: '200' });
  });
});

describe('httpAnswerComplete', () => {
  it('waits for the head and then its Content-Length, else a title or an error status', () => {
    expect(httpAnswerComplete('HTTP/1.1 200 OK\r\nServer: x')).toBe(false);
    expect(httpAnswerComplete('HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nab')).toBe(false);
    expect(httpAnswerComplete('HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nabcd')).toBe(true);
    expect(httpAnswerComplete('HTTP/1.1 200 OK\r\n\r\n<html>')).toBe(false);
    expect(httpAnswerComplete('HTTP/1.1 200 OK\r\n\r\n<title>x</title>')).toBe(true);
    expect(httpAnswerComplete('HTTP/1.1 302 Found\r\nLocation: /a\r\n\r\n')).toBe(true);
    expect(httpAnswerComplete('-ERR unknown')).toBe(false);
    expect(httpAnswerComplete('-ERR unknown\r\n')).toBe(true);
  });
});

describe('a file answer (GET /favicon.ico)', () => {
  const answer = (head: string, body: Buffer | string = '') =>
    Buffer.concat([Buffer.from(`${head.split('\n').join('\r\n')}\r\n\r\n`), Buffer.from(body)]);
  const icon = Buffer.from([0, 0, 1, 0, 1, 0, 0x10, 0x10, 0x0d, 0x0a, 0x0d, 0x0a, 0xff]);

  it('is whole at its Content-Length, at the head of another status, else when the server closes', () => {
    expect(httpFileComplete(answer('HTTP/1.1 200 OK\nContent-Length: 13', icon))).toBe(true);
    expect(httpFileComplete(answer('HTTP/1.1 200 OK\nContent-Length: 13', icon.subarray(0, 12)))).toBe(false);
    expect(httpFileComplete(answer('HTTP/1.0 200 OK', icon))).toBe(false);
    expect(httpFileComplete(answer('HTTP/1.1 404 Not Found\nContent-Length: 9'))).toBe(true);
    expect(httpFileComplete(Buffer.from('HTTP/1.1 200 OK\r\nContent-Length: 13'))).toBe(false);
  });

  it('gives the bytes of a 200 body, up to its Content-Length, and nothing that is no whole file', () => {
    expect(httpFileBody(answer('HTTP/1.1 200 OK\nContent-Type: image/x-icon\nContent-Length: 13', icon))).toEqual(icon);
    expect(httpFileBody(answer('HTTP/1.1 200 OK\nContent-Length: 4', icon))).toEqual(icon.subarray(0, 4));
    expect(httpFileBody(answer('HTTP/1.0 200 OK', icon))).toEqual(icon);
    expect(httpFileBody(answer('HTTP/1.1 200 OK\nContent-Length: 20', icon))).toBeUndefined();
    expect(httpFileBody(answer('HTTP/1.1 404 Not Found', icon))).toBeUndefined();
    expect(httpFileBody(answer('HTTP/1.1 200 OK\nContent-Length: 0'))).toBeUndefined();
    expect(
      httpFileBody(answer('HTTP/1.1 200 OK\nTransfer-Encoding: chunked', '4\r\nicon\r\n0\r\n\r\n')),
    ).toBeUndefined();
    expect(httpFileBody(answer('HTTP/1.1 200 OK\nContent-Type: text/html', 'x'))).toBeUndefined();
    expect(httpFileBody(answer('HTTP/1.1 200 OK', '\n<!DOCTYPE html><title>App</title>'))).toBeUndefined();
  });
});
