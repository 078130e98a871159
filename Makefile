# supplysite: the two commands that matter are `make run` and `make test`.
SHELL := /bin/bash
.DEFAULT_GOAL := help

CARGO ?= cargo

.PHONY: help test test-rust test-content lint demo

help:
	@echo "make test   every test: formatting, lints, Rust, demo content"

test: lint test-rust test-content

lint:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings

test-rust:
	$(CARGO) test --workspace

# The demo space: the generator's own tests, then a check of the committed export.
test-content:
	python3 -m unittest discover -s content/tools -p 'test_*.py'
	python3 content/tools/check_demo.py

# Rewrite the demo export from its generator (deterministic).
demo:
	python3 content/tools/make_demo.py
