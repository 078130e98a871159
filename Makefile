# supplysite: the two commands that matter are `make run` and `make test`.
SHELL := /bin/bash
.DEFAULT_GOAL := help

CARGO ?= cargo

.PHONY: help test test-rust lint

help:
	@echo "make test   every test: formatting, lints, Rust unit and integration tests"

test: lint test-rust

lint:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings

test-rust:
	$(CARGO) test --workspace
