import assert from 'node:assert/strict';
import { test } from 'node:test';
import { finalSound, particle, withParticle } from './particles.js';

test('Hangul: the final consonant of the last syllable picks the particle', () => {
  assert.equal(withParticle('파드', '이/가'), '파드가');
  assert.equal(withParticle('컨테이너', '을/를'), '컨테이너를');
  assert.equal(withParticle('이미지', '은/는'), '이미지는');
  assert.equal(withParticle('노드', '과/와'), '노드와');
  assert.equal(withParticle('볼륨', '이/가'), '볼륨이');
  assert.equal(withParticle('볼륨', '과/와'), '볼륨과');
  assert.equal(withParticle('서비스 계정', '을/를'), '서비스 계정을');
  // ㄹ takes 로, like a vowel; another consonant takes 으로
  assert.equal(withParticle('레이블', '으로/로'), '레이블로');
  assert.equal(withParticle('이름', '으로/로'), '이름으로');
  assert.equal(withParticle('파드', '으로/로'), '파드로');
});

test('digits are read as digits, letters as the word is usually said', () => {
  assert.equal(particle('nginx:1.25', '이/가'), '가'); // 오
  assert.equal(particle('redis:7', '이/가'), '이'); // 칠
  assert.equal(particle('redis:7', '으로/로'), '로');
  assert.equal(particle('v3', '을/를'), '을'); // 삼
  assert.equal(particle('busybox', '이/가'), '가');
  assert.equal(particle('python:3.12-slim', '이/가'), '이');
  assert.equal(particle('app', '으로/로'), '으로');
  assert.equal(particle('mysql', '으로/로'), '로');
  assert.equal(particle('main', '은/는'), '은');
  assert.equal(particle('sidecar', '은/는'), '는');
  assert.equal(particle('envoy-proxying', '이/가'), '이');
});

test('closing quotes, brackets and spaces are looked through', () => {
  assert.equal(finalSound('"app" '), 'consonant');
  assert.equal(finalSound('(컨테이너)'), 'none');
  assert.equal(finalSound('[node-1]'), 'rieul');
  assert.equal(finalSound(''), 'none');
});
